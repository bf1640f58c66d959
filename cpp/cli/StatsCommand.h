#pragma once

namespace hpastar::cli {

// hpa stats FILE.map --algo A [planner options]: the build figures of a planner as one JSON line.
int runStatsCommand(int argc, char** argv);

}  // namespace hpastar::cli
