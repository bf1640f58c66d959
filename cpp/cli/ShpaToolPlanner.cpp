#include "cli/ShpaToolPlanner.h"

#include "cli/JsonObject.h"
#include "cli/OptionFlags.h"
#include "shpa/ShpaStarGraph.h"
#include "shpa/ShpaStarQuery.h"

namespace hpastar::cli {
namespace {

ShpaOptions shpaOptions(const CommandLine& cmd) {
  ShpaOptions o;
  readOptionFlags(cmd, ShpaOptions::fields(), o);
  return o;
}

std::string shpaStatsJson(const ShpaStarGraph& graph) {
  const ShpaBuildStats& s = graph.stats();
  const ShpaOptions& o = graph.options();
  JsonObject j;
  j.add("build_ms", s.buildMs)
      .add("bytes", static_cast<uint64_t>(s.bytes))
      .add("grid_bytes", static_cast<uint64_t>(graph.grid().bytes()))
      .add("initial_cluster_size", o.initialClusterSize)
      .add("max_cluster_side", o.maxClusterSide)
      .add("max_cluster_cells", o.maxClusterCells)
      .add("max_detour", o.maxDetour)
      .add("edge_weight", shpaEdgeWeightName(o.edgeWeight))
      .add("initial_clusters", static_cast<uint64_t>(s.initialClusters))
      .add("merges", static_cast<uint64_t>(s.merges))
      .add("clusters", static_cast<uint64_t>(s.clusters))
      .add("nodes", static_cast<uint64_t>(s.nodes))
      .add("inter_edges", static_cast<uint64_t>(s.interEdges))
      .add("intra_edges", s.intraEdges)
      .add("max_cluster_nodes", static_cast<uint64_t>(s.maxClusterNodes))
      .add("components", static_cast<uint64_t>(s.components));
  return j.members();
}

class ShpaToolPlanner final : public ToolPlanner {
 public:
  ShpaToolPlanner(const Grid& grid, const CommandLine& cmd) {
    std::string error;
    auto graph = ShpaStarGraph::build(std::make_shared<const Grid>(grid), shpaOptions(cmd), error);
    if (!graph) throw UsageError(error);
    graph_ = std::make_shared<const ShpaStarGraph>(std::move(*graph));
    query_ = std::make_unique<ShpaStarQuery>(*graph_);
    readSmoothingFlags(cmd, "shpa", options_);
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    query_->findPath(start, goal, out, options_);
  }
  void findPaths(BatchSearch& engine, std::span<const int32_t> queries, PathBatchResults& out) override {
    engine.findPaths(graph_, queries, options_, true, out);
  }
  std::string buildStatsJson() const override { return shpaStatsJson(*graph_); }

 private:
  std::shared_ptr<const ShpaStarGraph> graph_;
  std::unique_ptr<ShpaStarQuery> query_;
  ShpaQueryOptions options_;
};

}  // namespace

std::unique_ptr<ToolPlanner> makeShpaToolPlanner(const Grid& grid, const CommandLine& cmd) {
  return std::make_unique<ShpaToolPlanner>(grid, cmd);
}

}  // namespace hpastar::cli
