#include "batch/BatchSearch.h"

#include <atomic>

namespace hpastar {

namespace {

// A* as a query object of the batch engine (same findPath shape as the hierarchical ones).
struct GridAStarQuery {
  const Grid* grid = nullptr;
  AStarSearch search;
  struct Options {};
  PathStatus findPath(Point start, Point goal, PathResult& out, const Options&) {
    return search.findPath(*grid, start, goal, out);
  }
};

}  // namespace

// One thread's query objects, each with the snapshot it reads (kept alive while it does).
struct BatchSearch::Worker {
  // The hierarchy `hpa` reads is held by the caller during a batch, not kept here: a version nobody
  // searches can then be edited in place (VersionedHierarchy). Pointer and version tell a new one.
  std::optional<HpaStarQuery> hpa;
  const Hierarchy* hpaBound = nullptr;
  uint64_t hpaBoundVersion = 0;
  std::optional<ShpaStarQuery> shpa;
  std::shared_ptr<const ShpaStarGraph> shpaSnapshot;
  // As for HPA*: the caller holds the HAA* hierarchy during a batch; an edited one (its version) gets a
  // fresh query, whose scratch is sized by the new graph.
  std::optional<HaaStarQuery> haa;
  const AnnotatedHierarchy* haaBound = nullptr;
  uint64_t haaBoundVersion = 0;
  // A world hierarchy is edited in place (applyBlockChanges) and a query made before an edit may be
  // used after it: only another hierarchy needs another query.
  std::optional<WorldHpaQuery> world;
  const WorldHierarchy* worldBound = nullptr;
  GridAStarQuery astar;
  PathBatchScratch paths;
  WorldPathBatchScratch worldPaths;
  PlanBatchScratch plans;
  WorldPlanBatchScratch worldPlans;

  HpaStarQuery& hpaFor(const Hierarchy& h) {
    if (!hpa) {
      hpa.emplace(h);
    } else if (hpaBound != &h || hpaBoundVersion != h.version()) {
      hpa->setHierarchy(h);  // keeps the scratch
    }
    hpaBound = &h;
    hpaBoundVersion = h.version();
    return *hpa;
  }
  HaaStarQuery& haaFor(const AnnotatedHierarchy& h) {
    if (!haa || haaBound != &h || haaBoundVersion != h.version()) {
      haa.emplace(h);
      haaBound = &h;
      haaBoundVersion = h.version();
    }
    return *haa;
  }
  WorldHpaQuery& worldFor(const WorldHierarchy& h) {
    if (!world || worldBound != &h) {
      world.emplace(h);
      worldBound = &h;
    }
    return *world;
  }
  ShpaStarQuery& shpaFor(const std::shared_ptr<const ShpaStarGraph>& g) {
    if (shpaSnapshot != g) {
      shpa.emplace(*g);
      shpaSnapshot = g;
    }
    return *shpa;
  }
};

BatchSearch::BatchSearch(int threads) {
  const int count = threads < 1 ? 1 : threads;
  for (int i = 0; i < count; ++i) workers_.push_back(std::make_unique<Worker>());
  if (count > 1) threads_.emplace(count);
}

BatchSearch::~BatchSearch() = default;

void BatchSearch::run(const std::function<void(Worker&, uint32_t)>& task) {
  if (!threads_) {
    task(*workers_[0], 0);
    return;
  }
  threads_->run([&](int t) { task(*workers_[static_cast<size_t>(t)], static_cast<uint32_t>(t)); });
}

void BatchSearch::onEveryThread(const std::function<void(uint32_t)>& task) {
  run([&](Worker&, uint32_t t) { task(t); });
}

HpaStarQuery& BatchSearch::hpaQuery(const Hierarchy& hierarchy) { return workers_[0]->hpaFor(hierarchy); }

HaaStarQuery& BatchSearch::haaQuery(const AnnotatedHierarchy& hierarchy) { return workers_[0]->haaFor(hierarchy); }

WorldHpaQuery& BatchSearch::worldQuery(const WorldHierarchy& hierarchy) { return workers_[0]->worldFor(hierarchy); }

ShpaStarQuery& BatchSearch::shpaQuery(const std::shared_ptr<const ShpaStarGraph>& graph) {
  return workers_[0]->shpaFor(graph);
}

template <typename Pick, typename Options>
void BatchSearch::runPaths(std::span<const int32_t> queries, const Options& options, bool keepCells,
                           PathBatchResults& out, Pick pick) {
  out.reset(queries.size() / 4);
  std::atomic<size_t> next{0};
  run([&](Worker& w, uint32_t t) {
    w.paths.cells.clear();
    runPathQueries(pick(w), queries, next, options, keepCells, t, w.paths, out);
  });
  std::vector<PathBatchScratch*> scratch;
  for (auto& w : workers_) scratch.push_back(&w->paths);
  out.merge(scratch);
}

void BatchSearch::findPaths(const Hierarchy& hierarchy, std::span<const int32_t> queries,
                            const HpaQueryOptions& options, bool keepCells, PathBatchResults& out) {
  runPaths(queries, options, keepCells, out, [&](Worker& w) -> HpaStarQuery& { return w.hpaFor(hierarchy); });
}

void BatchSearch::findPaths(const std::shared_ptr<const ShpaStarGraph>& graph, std::span<const int32_t> queries,
                            const ShpaQueryOptions& options, bool keepCells, PathBatchResults& out) {
  runPaths(queries, options, keepCells, out, [&](Worker& w) -> ShpaStarQuery& { return w.shpaFor(graph); });
}

void BatchSearch::findPaths(const AnnotatedHierarchy& hierarchy, std::span<const int32_t> queries, const Agent& agent,
                            bool keepCells, PathBatchResults& out) {
  runPaths(queries, agent, keepCells, out, [&](Worker& w) -> HaaStarQuery& { return w.haaFor(hierarchy); });
}

void BatchSearch::findPaths(const WorldHierarchy& hierarchy, std::span<const int32_t> queries,
                            const WorldHpaQueryOptions& options, bool keepCells, WorldPathBatchResults& out) {
  out.reset(queries.size() / kWorldQueryStride);
  std::atomic<size_t> next{0};
  run([&](Worker& w, uint32_t t) {
    w.worldPaths.cells.clear();
    runWorldPathQueries(w.worldFor(hierarchy), queries, options, next, keepCells, t, w.worldPaths, out);
  });
  std::vector<WorldPathBatchScratch*> scratch;
  for (auto& w : workers_) scratch.push_back(&w->worldPaths);
  out.merge(scratch);
}

void BatchSearch::findPaths(const Grid& grid, std::span<const int32_t> queries, bool keepCells, PathBatchResults& out) {
  runPaths(queries, GridAStarQuery::Options{}, keepCells, out, [&](Worker& w) -> GridAStarQuery& {
    w.astar.grid = &grid;
    return w.astar;
  });
}

template <typename Results, typename Scratch, typename Plan>
void BatchSearch::runPlans(size_t count, Scratch Worker::*scratch, Results& out, Plan plan) {
  out.reset(count);
  std::atomic<size_t> next{0};
  run([&](Worker& w, uint32_t t) {
    (w.*scratch).clear();
    plan(w, next, t);
  });
  std::vector<Scratch*> threads;
  for (auto& w : workers_) threads.push_back(&((*w).*scratch));
  out.merge(threads);
}

void BatchSearch::planPaths(const Hierarchy& hierarchy, std::span<const int32_t> queries, bool refineFirstSegment,
                            PlanBatchResults& out) {
  runPlans(queries.size() / 4, &Worker::plans, out, [&](Worker& w, std::atomic<size_t>& next, uint32_t t) {
    runPlanQueries(w.hpaFor(hierarchy), queries, next, refineFirstSegment, t, w.plans, out);
  });
}

void BatchSearch::planPaths(const WorldHierarchy& hierarchy, std::span<const int32_t> queries, bool refineFirstSegment,
                            WorldPlanBatchResults& out) {
  runPlans(queries.size() / kWorldQueryStride, &Worker::worldPlans, out,
           [&](Worker& w, std::atomic<size_t>& next, uint32_t t) {
             runWorldPlanQueries(w.worldFor(hierarchy), queries, next, refineFirstSegment, t, w.worldPlans, out);
           });
}

void BatchSearch::trim(PathBatchResults& out) {
  for (auto& w : workers_)
    if (w->paths.cells.capacity() > (1u << 20)) std::vector<Point>().swap(w->paths.cells);
  out.paths.trim();
}

void BatchSearch::trim(WorldPathBatchResults& out) {
  for (auto& w : workers_)
    if (w->worldPaths.cells.capacity() > (1u << 20)) std::vector<Voxel>().swap(w->worldPaths.cells);
  out.paths.trim();
}

template <typename Results, typename Scratch>
void BatchSearch::trimPlans(Scratch Worker::*scratch, Results& out) {
  for (auto& w : workers_) {
    Scratch& mine = (*w).*scratch;
    if (mine.waypoints.capacity() > (1u << 20)) decltype(mine.waypoints)().swap(mine.waypoints);
    if (mine.segments.capacity() > (1u << 20)) decltype(mine.segments)().swap(mine.segments);
  }
  out.waypoints.trim();
  out.firstSegments.trim();
}

void BatchSearch::trim(PlanBatchResults& out) { trimPlans(&Worker::plans, out); }

void BatchSearch::trim(WorldPlanBatchResults& out) { trimPlans(&Worker::worldPlans, out); }

}  // namespace hpastar
