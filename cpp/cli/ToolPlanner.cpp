#include "cli/ToolPlanner.h"

#include "search/AStarSearch.h"

namespace hpastar::cli {
namespace {

class AStarToolPlanner final : public ToolPlanner {
 public:
  explicit AStarToolPlanner(const Grid& grid) : grid_(grid) {}
  void findPath(Point start, Point goal, PathResult& out) override {
    out.reset();
    search_.findPath(grid_, start, goal, out);
  }

 private:
  const Grid& grid_;
  AStarSearch search_;
};

}  // namespace

std::string knownAlgorithms() { return "astar"; }

std::set<std::string> plannerOptions(const std::string& algo) {
  if (algo == "astar") return {};
  return {};
}

std::unique_ptr<ToolPlanner> makeToolPlanner(const std::string& algo, const Grid& grid, const CommandLine&) {
  if (algo == "astar") return std::make_unique<AStarToolPlanner>(grid);
  throw UsageError("unknown algorithm \"" + algo + "\" (known: " + knownAlgorithms() + ")");
}

}  // namespace hpastar::cli
