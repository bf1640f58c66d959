#pragma once

namespace hpastar::cli {

// hpa dynamic FILE.map --algo hpa|dhpa --searches X [--obstacle-share 0.02] [--changes N] [--seed K]
// The dynamic performance metric of Kring et al. (2010): 2×2 dynamic obstacles cover a share of the
// map; each change moves all of them (one batch of terrain edits, the hierarchy updated in place),
// then X random searches run. Prints the time per change (update + searches) as JSON.
int runDynamicCommand(int argc, char** argv);

}  // namespace hpastar::cli
