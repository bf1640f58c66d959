#pragma once
#include "cli/CommandLine.h"

namespace hpastar::cli {

// hpa scen FILE.map.scen [--map FILE.map] --algo A [--min-bucket B] [--limit N] [--per-query] [planner options]
int runScenCommand(int argc, char** argv);

}  // namespace hpastar::cli
