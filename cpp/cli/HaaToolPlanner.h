#pragma once
#include <memory>
#include <set>
#include <string>

#include "cli/CommandLine.h"
#include "cli/ToolPlanner.h"
#include "grid/Grid.h"

namespace hpastar::cli {

// The `hpa` tool's HAA* (--algo haa): a hierarchy for square agents of sides 1..--max-size and every
// capability of the map's terrain kinds, answering for the agent of --size and --capability (as
// --algo aa reads them). Its options: those two and AnnotatedHierarchyOptions' (--haa-cluster,
// --max-size, --abstraction high|low). Paths are checked for the whole footprint.
std::unique_ptr<ToolPlanner> makeHaaToolPlanner(const Grid& grid, const CommandLine& cmd);

}  // namespace hpastar::cli
