#pragma once
#include <memory>
#include <set>
#include <string>

#include "cli/CommandLine.h"
#include "cli/ToolPlanner.h"
#include "grid/Agent.h"
#include "grid/Grid.h"

namespace hpastar::cli {

// The `hpa` tool's Annotated A* (--algo aa): an optimal search for an S×S agent of a capability.
// Options:
//   --size S                  side of the agent's square, 1..kMaxAgentSize (default 1)
//   --capability NAMES        terrain it may stand on, a comma list of ground, swamp, water, trees
//                             (default ground,swamp: the Moving AI scenarios' agent)
// The planner computes the capability's true clearance once, in its build (timed as build_ms), and
// checks its paths for the whole footprint (validateFootprintPath).
// The agent of --size (default 1) and --capability (default ground,swamp) (UsageError for a bad value).
Agent agentClassFrom(const CommandLine& cmd);

std::unique_ptr<ToolPlanner> makeAnnotatedToolPlanner(const Grid& grid, const CommandLine& cmd);

}  // namespace hpastar::cli
