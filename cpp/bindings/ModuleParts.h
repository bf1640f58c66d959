#pragma once
// Which parts of the library a module holds, set by CMakeLists.txt for each one. The full modules
// (hpastar, hpastar-inline, hpastar-mt) have block worlds; the grid modules (hpastar-grid, hpastar-grid-mt)
// leave them out: about a third of the code, which a game on 2D grids need not download.
#ifndef HPASTAR_BLOCK_WORLDS
#error "HPASTAR_BLOCK_WORLDS must be 0 or 1: CMakeLists.txt sets it for each module"
#endif
