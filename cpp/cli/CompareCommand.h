#pragma once

namespace hpastar::cli {

// hpa compare FILE.map --algo A --against B --queries N --seed K [planner options]
int runCompareCommand(int argc, char** argv);

}  // namespace hpastar::cli
