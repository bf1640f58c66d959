#include "gppc/GppcPlanner.h"

#include <cstdio>
#include <cstdlib>

#include "contract/OptionSchema.h"
#include "hpa/HierarchyOptionChoice.h"

namespace hpastar::gppc {
namespace {

struct AlgoName {
  GppcAlgo algo;
  const char* name;
};
constexpr AlgoName kAlgoNames[] = {
    {GppcAlgo::Defaults, "defaults"}, {GppcAlgo::Static, "static"},
    {GppcAlgo::Streamed, "streamed"}, {GppcAlgo::StreamedSmooth, "streamed-smooth"},
    {GppcAlgo::Jps, "jps"},           {GppcAlgo::AStar, "astar"},
};

// The competition's interface has no way to report a failure: say why on stderr and stop, so that the
// runner's result is never taken for an answer.
[[noreturn]] void fail(const std::string& why) {
  std::fprintf(stderr, "hpastar gppc entry: %s\n", why.c_str());
  std::exit(2);
}

bool isHierarchyAlgo(GppcAlgo algo) { return algo != GppcAlgo::Jps && algo != GppcAlgo::AStar; }

Grid gridFrom(int32_t width, int32_t height, const std::vector<uint8_t>& passable) {
  std::vector<uint8_t> terrain(passable.size());
  for (size_t i = 0; i < passable.size(); ++i) terrain[i] = passable[i] ? '.' : '@';
  std::string error;
  std::optional<Grid> grid = Grid::fromTerrain(width, height, terrain, error);
  if (!grid) fail("the map is refused: " + error);
  return std::move(*grid);
}

}  // namespace

std::optional<GppcAlgo> algoFromName(const std::string& name) {
  for (const AlgoName& a : kAlgoNames)
    if (name == a.name) return a.algo;
  return std::nullopt;
}

const char* algoName(GppcAlgo algo) {
  for (const AlgoName& a : kAlgoNames)
    if (a.algo == algo) return a.name;
  return "?";
}

GppcAlgo algoFromEnvironment() {
  const char* name = std::getenv("HPASTAR_GPPC_ALGO");
  if (!name || !*name) return GppcAlgo::Defaults;
  if (std::optional<GppcAlgo> algo = algoFromName(name)) return *algo;
  std::string known;
  for (const AlgoName& a : kAlgoNames) known += (known.empty() ? "" : ", ") + std::string(a.name);
  fail(std::string("HPASTAR_GPPC_ALGO=") + name + " is not a planner of the entry (known: " + known + ")");
}

GppcPlanner::GppcPlanner(int32_t width, int32_t height, const std::vector<uint8_t>& passable, GppcAlgo algo)
    : algo_(algo), grid_(gridFrom(width, height, passable)) {
  if (isHierarchyAlgo(algo_)) buildHierarchy();
}

void GppcPlanner::buildHierarchy() {
  // The options the package and `hpa --algo auto` pick when the caller sets none; the static hint is the
  // package's terrainChanges: 'rarely'.
  const TerrainChanges changes = algo_ == GppcAlgo::Static ? TerrainChanges::Rarely : TerrainChanges::Often;
  HierarchyOptions options = chooseHierarchyOptions(grid_, changes).options;
  options.terrainChanges = changes;
  std::string error;
  hierarchy_ = Hierarchy::build(grid_, options, error);
  if (!hierarchy_) fail("the hierarchy cannot be built: " + error);
  grid_ = Grid();  // the hierarchy holds the map from now on
  query_ = std::make_unique<HpaStarQuery>(*hierarchy_);
}

std::span<const Point> GppcPlanner::answer(Point start, Point goal, bool& incomplete) {
  points_.clear();
  incomplete = false;
  if (algo_ == GppcAlgo::Streamed || algo_ == GppcAlgo::StreamedSmooth) {
    if (!nextStreamedPiece(start, goal, incomplete)) return {};
  } else {
    if (!findWholePath(start, goal)) return {};
    appendCorners(nullptr);
  }
  // Start is goal: the runner's validator wants two points (a path of one point is refused).
  if (!incomplete && points_.size() == 1) points_.push_back(points_.front());
  return points_;
}

bool GppcPlanner::findWholePath(Point start, Point goal) {
  result_.reset();
  switch (algo_) {
    case GppcAlgo::Jps:
      jps_.findPath(grid_, start, goal, result_);
      break;
    case GppcAlgo::AStar:
      astar_.findPath(grid_, start, goal, result_);
      break;
    default:
      query_->findPath(start, goal, result_);
      break;
  }
  cells_.swap(result_.cells);  // result_.cells gets the old buffer back: both keep their capacity
  return result_.found();
}

bool GppcPlanner::nextStreamedPiece(Point start, Point goal, bool& incomplete) {
  cells_.clear();
  SearchStats stats;
  if (!streaming_) {
    result_.reset();  // plan() leaves the abstract path's cells in result_.cells: the segments' ends
    HpaPlanOptions options;
    options.smooth = algo_ == GppcAlgo::StreamedSmooth;
    if (query_->plan(start, goal, plan_, result_, options) != PathStatus::Found) return false;
    // The start, then the first segment; more while they add no cell (the runner refuses a first piece
    // of one point, and a start on a node's cell can make the first segment empty).
    query_->nextSegment(plan_, cells_, stats);
    while (cells_.size() < 2 && query_->nextSegment(plan_, cells_, stats)) {
    }
    appendCorners(nullptr);
  } else {
    // A segment between two nodes of one cell adds no cell: skipped (segmentsLeft said one with cells follows).
    while (cells_.empty() && query_->nextSegment(plan_, cells_, stats)) {
    }
    appendCorners(&lastCell_);
  }
  if (!cells_.empty()) lastCell_ = cells_.back();
  streaming_ = segmentsLeft();
  incomplete = streaming_;
  return true;
}

bool GppcPlanner::segmentsLeft() const {
  // An empty last piece would read as "no path" to the runner, and one point alone as an invalid path:
  // only segments that add cells count. A smoothed plan holds cells refined ahead (pending, its first the
  // last one handed out): they are left, and the segments not refined yet.
  if (plan_.pending.size() > 1) return true;
  const std::vector<Point>& ends = result_.cells;
  for (size_t s = plan_.options.smooth ? plan_.refined : plan_.next; s < plan_.segmentCount(); ++s)
    if (!(ends[s] == ends[s + 1])) return true;
  return false;
}

void GppcPlanner::appendCorners(const Point* before) {
  if (cells_.empty()) return;
  size_t i = 0;
  Point previous = cells_[0];
  if (before) {
    previous = *before;
  } else {
    points_.push_back(cells_[0]);
    i = 1;
  }
  // A cell is a corner when the step into it and the step out of it differ.
  for (; i + 1 < cells_.size(); ++i) {
    const Point a = cells_[i], b = cells_[i + 1];
    if (a.x - previous.x != b.x - a.x || a.y - previous.y != b.y - a.y) points_.push_back(a);
    previous = a;
  }
  if (before || cells_.size() > 1) points_.push_back(cells_.back());
}

void GppcPlanner::applyChange(std::span<const CellEdit> edits) {
  ++changeStats_.changes;
  changeStats_.cellsEdited += edits.size();
  if (!hierarchy_) {
    for (const CellEdit& e : edits)
      if (grid_.terrainAt(e.cell.x, e.cell.y) != e.terrain) {
        grid_.setTerrain(e.cell.x, e.cell.y, e.terrain);
        ++changeStats_.cellsChanged;
      }
    return;
  }
  UpdateStats stats;
  if (std::string error = hierarchy_->applyEdits(edits, &stats); !error.empty()) fail("a change is refused: " + error);
  query_->setHierarchy(*hierarchy_);
  changeStats_.cellsChanged += stats.cellsChanged;
  for (uint32_t rebuilt : stats.clustersRebuilt) changeStats_.clustersRebuilt += rebuilt;
  changeStats_.topGraphChanges += stats.topGraphChanged ? 1 : 0;
  changeStats_.treesRun += stats.treesRun;
  changeStats_.treesKept += stats.treesKept;
  changeStats_.microseconds += stats.microseconds;
}

std::string GppcPlanner::optionsJson() const {
  if (!hierarchy_) return "null";
  const HierarchyOptions& o = hierarchy_->options();
  std::string json;
  for (const OptionField<HierarchyOptions>& f : HierarchyOptions::fields()) {
    json += json.empty() ? "{" : ", ";
    json += "\"" + std::string(f.name) + "\": ";
    if (f.kind == OptionKind::Choice)
      json += "\"" + std::string(f.choices[static_cast<size_t>(f.get(o))]) + "\"";
    else if (f.kind == OptionKind::Flag)
      json += f.get(o) != 0 ? "true" : "false";
    else
      json += numberText(f.get(o));
  }
  return json + "}";
}

void GppcPlanner::writeStatsFile() const {
  const char* path = std::getenv("HPASTAR_GPPC_STATS");
  if (!path || !*path) return;
  std::FILE* f = std::fopen(path, "w");
  if (!f) fail(std::string("cannot write ") + path);
  const GppcChangeStats& s = changeStats_;
  std::fprintf(f,
               "{\"algo\": \"%s\", \"options\": %s, \"changes\": %llu, \"cells_edited\": %llu, "
               "\"cells_changed\": %llu, \"clusters_rebuilt\": %llu, \"top_graph_changes\": %llu, "
               "\"trees_run\": %llu, \"trees_kept\": %llu, \"core_change_us\": %.3f}\n",
               algoName(algo_), optionsJson().c_str(), static_cast<unsigned long long>(s.changes),
               static_cast<unsigned long long>(s.cellsEdited), static_cast<unsigned long long>(s.cellsChanged),
               static_cast<unsigned long long>(s.clustersRebuilt), static_cast<unsigned long long>(s.topGraphChanges),
               static_cast<unsigned long long>(s.treesRun), static_cast<unsigned long long>(s.treesKept),
               s.microseconds);
  std::fclose(f);
}

}  // namespace hpastar::gppc
