#pragma once

namespace hpastar::cli {

// hpa flow-bench FILE.map [--goals N] [--paths N] [--seed K] [--passes N] [hierarchy options]
// For each of N random goals: the time to build its flow field (whole component) against the time to plan
// --paths HPA* paths from random starts of the goal's component to it, in the same run; the cost of
// following the field from those starts against HPA*'s paths and the optimum; the time to refresh the
// field after a one-cell wall.
int runFlowBenchCommand(int argc, char** argv);

}  // namespace hpastar::cli
