#include "cli/ShpaToolPlanner.h"

#include "cli/JsonObject.h"
#include "planners/ShpaStarGraph.h"
#include "planners/ShpaStarQuery.h"

namespace hpastar::cli {
namespace {

ShpaOptions shpaOptions(const CommandLine& cmd) {
  ShpaOptions o;
  o.initialClusterSize = static_cast<int32_t>(cmd.getInt("shpa-initial-cluster", o.initialClusterSize, 1, 1024));
  o.maxClusterSide = static_cast<int32_t>(cmd.getInt("shpa-max-cluster", o.maxClusterSide, 1, 1024));
  o.maxClusterCells = static_cast<int32_t>(cmd.getInt("shpa-max-cells", o.maxClusterCells, 0, 1 << 20));
  o.entranceWidth = static_cast<int32_t>(cmd.getInt("shpa-entrance-width", o.entranceWidth, 1, 1 << 20));
  o.maxDetour = cmd.getDouble("shpa-max-detour", o.maxDetour, 0, 1000);
  const std::string weight = cmd.getString("shpa-edge-weight", shpaEdgeWeightName(o.edgeWeight));
  if (weight == "euclidean") {
    o.edgeWeight = ShpaEdgeWeight::Euclidean;
  } else if (weight == "octile") {
    o.edgeWeight = ShpaEdgeWeight::Octile;
  } else {
    throw UsageError("--shpa-edge-weight \"" + weight + "\" is not euclidean or octile");
  }
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
  const std::string text = j.str();
  return text.substr(1, text.size() - 2);
}

class ShpaToolPlanner final : public ToolPlanner {
 public:
  ShpaToolPlanner(const Grid& grid, const CommandLine& cmd) {
    std::string error;
    auto graph = ShpaStarGraph::build(std::make_shared<const Grid>(grid), shpaOptions(cmd), error);
    if (!graph) throw UsageError(error);
    graph_ = std::make_unique<ShpaStarGraph>(std::move(*graph));
    query_ = std::make_unique<ShpaStarQuery>(*graph_);
    options_.smooth = !cmd.has("no-smooth");
    options_.smoothingRange = static_cast<int32_t>(cmd.getInt("smoothing-range", 0, 0, 1 << 20));
  }
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    query_->findPath(start, goal, out, options_);
  }
  std::string buildStatsJson() const override { return shpaStatsJson(*graph_); }

 private:
  std::unique_ptr<ShpaStarGraph> graph_;
  std::unique_ptr<ShpaStarQuery> query_;
  ShpaQueryOptions options_;
};

}  // namespace

std::unique_ptr<ToolPlanner> makeShpaToolPlanner(const Grid& grid, const CommandLine& cmd) {
  return std::make_unique<ShpaToolPlanner>(grid, cmd);
}

std::set<std::string> shpaToolOptions() {
  return {"shpa-initial-cluster", "shpa-max-cluster", "shpa-max-cells", "shpa-entrance-width",
          "shpa-max-detour",      "shpa-edge-weight", "no-smooth",      "smoothing-range"};
}

}  // namespace hpastar::cli
