// Batches spread over threads that share one hierarchy (HPA*; HAA* and a block world's HPA* in the full modules) or
// SHPA* graph (embind class "ParallelSearch", only in the pthread build hpastar-mt), and buildInfo() in both builds.
// The work is the core's batch engine (batch/BatchSearch): this file only converts its inputs and answers.
//
// The engine's threads come from Emscripten's pre-started pool of workers
// (-sPTHREAD_POOL_SIZE=Module.pthreadPoolSize: the loader asks for as many as it will use, so no
// thread ever waits for a worker to start). A batch holds the version it started with, so terrain
// edits made meanwhile never reach it.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "batch/BatchSearch.h"
#include "bindings/BatchToJS.h"
#include "bindings/BindFunctions.h"
#include "bindings/BindingSupport.h"
#include "bindings/HpaStarBinding.h"
#include "bindings/ModuleParts.h"
#include "bindings/PathShaping.h"
#if HPASTAR_FULL_MODULE
#include "bindings/HaaStarBinding.h"
#include "bindings/ShpaStarBinding.h"
#include "bindings/WorldBinding.h"
#endif

namespace hpastar::bindings {
namespace {

// Which build this is: the TypeScript loader checks that it got the module it asked for.
val buildInfo() {
  val o = val::object();
#ifdef __EMSCRIPTEN_PTHREADS__
  o.set("threads", true);
#else
  o.set("threads", false);
#endif
  o.set("full", HPASTAR_FULL_MODULE != 0);
  o.set("version", std::string("1.0.0"));
  return o;
}

#ifdef __EMSCRIPTEN_PTHREADS__

class ParallelSearchHandle {
 public:
  explicit ParallelSearchHandle(int threads) : engine_(threads < 1 ? 1 : threads) {}

  int threads() const { return engine_.threads(); }

  // Same contract as HPAStarQuery.findPaths, the queries spread over the threads.
  val findPaths(const HpaStarHandle& planner, const val& queries, bool smooth, bool keepCells, bool anyAngle) {
    const VersionedHierarchy::Snapshot hierarchy = planner.current();  // this batch's version
    if (!hierarchy) return errorObject(StatusKind::NotReady, "the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    if (std::string error = anyAngleRefusal(hierarchy->grid(), anyAngle); !error.empty())
      return errorObject(StatusKind::Unsupported, error);
    HpaQueryOptions options;
    options.smooth = smooth;
    options.anyAngle = anyAngle;
    engine_.findPaths(*hierarchy, input_, options, keepCells, paths_);
    return pathBatchToJS(paths_);
  }

#if HPASTAR_FULL_MODULE
  // The same for an SHPA* planner (static: its graph never changes, but a batch still holds it alive).
  val findPathsShpa(const ShpaStarHandle& planner, const val& queries, bool smooth, bool keepCells, bool anyAngle) {
    const std::shared_ptr<const ShpaStarGraph> graph = planner.current();
    if (!graph) return errorObject(StatusKind::NotReady, "the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    if (std::string error = anyAngleRefusal(graph->grid(), anyAngle); !error.empty())
      return errorObject(StatusKind::Unsupported, error);
    ShpaQueryOptions options;
    options.smooth = smooth;
    options.anyAngle = anyAngle;
    engine_.findPaths(graph, input_, options, keepCells, paths_);
    return pathBatchToJS(paths_);
  }

  // The same for a HAA* planner, every query for one agent: pathBatchToJS, or { error } naming the agent's
  // problem. The hierarchy is edited only by the planner's own calls, which never overlap a batch.
  val findPathsHaa(const HaaStarHandle& planner, const val& queries, int size, const std::string& capability,
                   bool keepCells) {
    Agent agent;
    if (std::string error = planner.agentOf(size, capability, agent); !error.empty()) return errorObject(error);
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    engine_.findPaths(*planner.hierarchy(), input_, agent, keepCells, paths_);
    return pathBatchToJS(paths_);
  }

  // The same for a block world's HPA* planner, queries packed [sx, sy, sz, gx, gy, gz, ...]: pathBatchToJS
  // with x, y, z cells (and `toNearest`'s searched and snapped), or { error }. As for HAA*, the hierarchy is edited
  // only by the planner's own calls, which never overlap a batch.
  val findPathsWorld(const WorldHpaHandle& planner, const val& queries, bool keepCells, bool toNearest, bool anyAngle) {
    WorldHpaQueryOptions options;
    options.anyAngle = anyAngle;
    return worldPathBatchToJS(engine_, planner.hierarchy(), queries, options, keepCells, toNearest, input_, worldPaths_,
                              moved_);
  }

  // The same for a block world's plans: planBatchToJS with x, y, z cells, or { error }.
  val planPathsWorld(const WorldHpaHandle& planner, const val& queries, bool refineFirstSegment) {
    return worldPlanBatchToJS(engine_, planner.hierarchy(), queries, refineFirstSegment, input_, worldPlans_);
  }
#endif

  // For the pool's tests only (its 'trap-thread' fault): search thread `thread` executes a trap, as a
  // search that hits a bug would, while the others return. Does not return when the thread exists: the
  // batch waits for a thread that is gone, which is what the pool must notice.
  void trapThreadForTest(int thread) {
    engine_.onEveryThread([thread](uint32_t t) {
      if (static_cast<int>(t) == thread) __builtin_trap();
    });
  }

  // Same contract as HPAStarQuery.planPaths, the queries spread over the threads.
  val planPaths(const HpaStarHandle& planner, const val& queries, bool refineFirstSegment) {
    const VersionedHierarchy::Snapshot hierarchy = planner.current();
    if (!hierarchy) return errorObject(StatusKind::NotReady, "the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    engine_.planPaths(*hierarchy, input_, refineFirstSegment, plans_);
    return planBatchToJS(plans_);
  }

 private:
  BatchSearch engine_;
  std::vector<int32_t> input_;
  PathBatchResults paths_;
  PlanBatchResults plans_;
#if HPASTAR_FULL_MODULE
  WorldPathBatchResults worldPaths_;
  WorldPlanBatchResults worldPlans_;
  std::vector<uint8_t> moved_;
#endif
};

#endif  // __EMSCRIPTEN_PTHREADS__

EMSCRIPTEN_BINDINGS(hpastar_parallel) {
  emscripten::function("buildInfo", &buildInfo);
#ifdef __EMSCRIPTEN_PTHREADS__
  const emscripten::class_<ParallelSearchHandle> parallel("ParallelSearch");
  HPASTAR_BIND_FUNCTIONS(parallel.constructor<int>(), ParallelSearchHandle, threads, findPaths, planPaths,
                         trapThreadForTest);
#if HPASTAR_FULL_MODULE
  HPASTAR_BIND_FUNCTIONS(parallel, ParallelSearchHandle, findPathsShpa, findPathsHaa, findPathsWorld, planPathsWorld);
#endif
#endif
}

}  // namespace
}  // namespace hpastar::bindings
