#include "cli/HaaToolPlanner.h"

#include "cli/AnnotatedToolPlanner.h"
#include "cli/JsonObject.h"
#include "cli/OptionFlags.h"
#include "grid/CapabilityNames.h"
#include "haa/AnnotatedHierarchy.h"
#include "haa/HaaStarQuery.h"

namespace hpastar::cli {
namespace {

std::string sizeJson(const AbstractionSize& s) {
  JsonObject o;
  o.add("nodes", s.nodes).add("inter_edges", s.interEdges).add("intra_edges", s.intraEdges);
  return o.str();
}

class HaaToolPlanner final : public ToolPlanner {
 public:
  HaaToolPlanner(const Grid& grid, const CommandLine& cmd) : agent_(agentClassFrom(cmd)) {
    AnnotatedHierarchyOptions options;
    readOptionFlags(cmd, AnnotatedHierarchyOptions::fields(), options);
    std::string error;
    auto h = AnnotatedHierarchy::build(grid, options, error);
    if (!h) throw UsageError(error);
    hierarchy_ = std::make_unique<const AnnotatedHierarchy>(std::move(*h));
    if (std::string problem = hierarchy_->checkAgent(agent_); !problem.empty())
      throw UsageError("--size/--capability: " + problem);
    query_ = std::make_unique<HaaStarQuery>(*hierarchy_);
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    query_->findPath(start, goal, out, agent_);
  }
  void findPaths(BatchSearch& engine, std::span<const int32_t> queries, PathBatchResults& out) override {
    engine.findPaths(*hierarchy_, queries, agent_, true, out);
  }
  Agent agent() const override { return agent_; }
  std::string optionsJson() const override {
    return optionValuesJson(AnnotatedHierarchyOptions::fields(), hierarchy_->options());
  }
  std::string agentText() const override { return agentClassText(agent_); }  // the default agent named too
  std::string buildStatsJson() const override {
    const AnnotatedHierarchy& h = *hierarchy_;
    const AnnotatedHierarchyStats& s = h.stats();
    std::string capabilities = "[";
    for (size_t i = 0; i < h.capabilities().size(); ++i)
      capabilities += (i ? ",\"" : "\"") + capabilityText(h.capabilities()[i]) + "\"";
    capabilities += "]";
    JsonObject o;
    o.add("build_ms", s.buildMs)
        .add("cluster_size", h.options().clusterSize)
        .add("max_size", h.maxSize())
        .add("abstraction", std::string(h.options().abstraction == Abstraction::High ? "high" : "low"))
        .raw("capabilities", capabilities)
        .add("clusters", s.clusters)
        .add("transitions", s.transitions)
        .raw("initial", sizeJson(s.initial))
        .raw("high", sizeJson(s.high))
        .raw("low", sizeJson(s.low))
        .raw("searched", sizeJson(s.searched))
        .add("bytes", static_cast<uint64_t>(s.bytes))
        .add("path_bytes", static_cast<uint64_t>(s.pathBytes))
        .add("join_tree_bytes", static_cast<uint64_t>(s.joinTreeBytes))
        .add("grid_bytes", static_cast<uint64_t>(h.grid().bytes()));
    return o.members();
  }

 private:
  Agent agent_;
  std::unique_ptr<const AnnotatedHierarchy> hierarchy_;
  std::unique_ptr<HaaStarQuery> query_;
};

}  // namespace

std::unique_ptr<ToolPlanner> makeHaaToolPlanner(const Grid& grid, const CommandLine& cmd) {
  return std::make_unique<HaaToolPlanner>(grid, cmd);
}

}  // namespace hpastar::cli
