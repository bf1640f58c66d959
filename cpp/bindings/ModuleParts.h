#pragma once
// Which parts of the library a module holds, set by CMakeLists.txt for each one. The full modules
// (hpastar, hpastar-inline, hpastar-mt) hold everything. The grid modules (hpastar-grid, hpastar-grid-mt)
// hold what a game on 2D grids uses (grids, A*, JPS, JPS+, HPA*, DHPA*, the Planner and its agent
// classes, plans, flow fields, saving and loading, inspection) and leave out block worlds, the papers'
// other planners (HAA*'s annotated hierarchy, SHPA*) and the command-line tool's scenario runs: half the
// code (bench/results/wasm-size.md), which such a game need not download.
#ifndef HPASTAR_FULL_MODULE
#error "HPASTAR_FULL_MODULE must be 0 or 1: CMakeLists.txt sets it for each module"
#endif
