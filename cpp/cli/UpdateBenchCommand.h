#pragma once

namespace hpastar::cli {

// hpa update-bench FILE.map --algo hpa|dhpa [--updates N] [--seed K] [hierarchy options]
// The mean time of a single-cell terrain change (a passable cell blocked or a blocked one opened).
int runUpdateBenchCommand(int argc, char** argv);

}  // namespace hpastar::cli
