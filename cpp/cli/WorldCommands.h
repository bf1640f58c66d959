#pragma once
#include "cli/CommandLine.h"

namespace hpastar::cli {

// hpa gen3d --size WxHxD --kind caves|towers|hills --seed K -o FILE
int runGen3dCommand(int argc, char** argv);
// hpa world-astar FILE --queries N --seed K [--passes N] [--per-query]
int runWorldAStarCommand(int argc, char** argv);
// hpa world-compare FILE --queries N --seed K [--passes N] [--per-query] [hierarchy options]
int runWorldCompareCommand(int argc, char** argv);
// hpa world-dig FILE --digs N --seed K [--check] [hierarchy options]
int runWorldDigCommand(int argc, char** argv);
// hpa world-save FILE -o OUT [--passes N] [hierarchy options]
int runWorldSaveCommand(int argc, char** argv);

}  // namespace hpastar::cli
