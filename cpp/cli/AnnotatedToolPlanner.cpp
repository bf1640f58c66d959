#include "cli/AnnotatedToolPlanner.h"

#include "cli/JsonObject.h"
#include "cli/Stopwatch.h"
#include "grid/CapabilityNames.h"
#include "grid/Clearance.h"
#include "grid/FootprintMoves.h"
#include "search/AnnotatedAStarSearch.h"

namespace hpastar::cli {
Agent agentClassFrom(const CommandLine& cmd) {
  Agent agent{.size = 1, .capability = Capability::movingAIDefault()};
  static_assert(kAgentSizeFlagMax == kMaxAgentSize, "the command table's --size range is the agents'");
  agent.size = static_cast<int32_t>(cmd.plannerInteger("aa", "size"));
  if (const auto names = cmd.get("capability")) {
    std::string error;
    const auto capability = parseCapability(*names, error);
    if (!capability) throw UsageError("--capability: " + error);
    agent.capability = *capability;
  }
  return agent;
}

namespace {

class AnnotatedToolPlanner final : public ToolPlanner {
 public:
  AnnotatedToolPlanner(const Grid& grid, const CommandLine& cmd) : grid_(&grid), agent_(agentClassFrom(cmd)) {
    const auto start = Clock::now();
    clearance_ = ClearanceMap::trueClearance(grid, agent_.capability);
    buildMs_ = microsSince(start) / 1000.0;
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    search_.findPath(*grid_, clearance_, agent_.size, start, goal, out);
  }
  void findPaths(BatchSearch&, std::span<const int32_t>, PathBatchResults&) override {
    throw UsageError("--threads is not available for --algo aa (the batch engine runs astar, hpa, dhpa, shpa and haa)");
  }
  Agent agent() const override { return agent_; }
  std::string agentText() const override { return agentClassText(agent_); }  // the default agent named too
  std::string buildStatsJson() const override {
    JsonObject o;
    o.add("build_ms", buildMs_)
        .add("size", agent_.size)
        .add("capability", capabilityText(agent_.capability))
        .add("clearance_bytes", static_cast<uint64_t>(clearance_.bytes()))
        .add("grid_bytes", static_cast<uint64_t>(grid_->bytes()));
    return o.members();
  }

 private:
  const Grid* grid_;
  Agent agent_;
  ClearanceMap clearance_;
  AnnotatedAStarSearch search_;
  double buildMs_ = 0;
};

}  // namespace

std::unique_ptr<ToolPlanner> makeAnnotatedToolPlanner(const Grid& grid, const CommandLine& cmd) {
  return std::make_unique<AnnotatedToolPlanner>(grid, cmd);
}

}  // namespace hpastar::cli
