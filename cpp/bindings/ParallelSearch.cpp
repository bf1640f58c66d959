// Searches of one batch spread over threads that share one hierarchy or SHPA* graph (embind class "ParallelSearch",
// only in the pthread build hpastar-mt), and buildInfo() in both builds.
//
// The threads are made once, when the ParallelSearch is made, from Emscripten's pre-started pool of
// workers (-sPTHREAD_POOL_SIZE=Module.pthreadPoolSize: the loader asks for as many as it will use, so no
// thread ever waits for a worker to start). Each thread owns its HpaStarQuery (its scratch) and reads
// the one Hierarchy held by the HpaStarHandle; a batch holds the version it started with, so terrain
// edits made meanwhile never reach it.
#include <emscripten/bind.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "bindings/BatchPlan.h"
#include "bindings/BatchSearch.h"
#include "bindings/BindingSupport.h"
#include "bindings/HpaStarBinding.h"
#include "bindings/ShpaStarBinding.h"

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
  o.set("version", std::string("0.1.0"));
  return o;
}

#ifdef __EMSCRIPTEN_PTHREADS__

// A fixed set of threads that run one task at a time: run(task) calls task(i) on thread i for every i
// and returns when all have finished.
class SearchThreads {
 public:
  explicit SearchThreads(int count) {
    for (int i = 0; i < count; ++i) threads_.emplace_back([this, i] { loop(i); });
  }
  ~SearchThreads() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  int size() const { return static_cast<int>(threads_.size()); }

  void run(const std::function<void(int)>& task) {
    std::unique_lock<std::mutex> lock(mutex_);
    task_ = &task;
    pending_ = size();
    ++generation_;
    wake_.notify_all();
    // Waits in short slices: each return into the wait lets Emscripten run calls that threads proxy to
    // this (the module's main) thread, so no proxied call can ever deadlock a batch.
    while (pending_ > 0) done_.wait_for(lock, std::chrono::milliseconds(5));
    task_ = nullptr;
  }

 private:
  void loop(int index) {
    uint64_t seen = 0;
    for (;;) {
      const std::function<void(int)>* task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        task = task_;
      }
      (*task)(index);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (--pending_ == 0) done_.notify_all();
      }
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* task_ = nullptr;
  uint64_t generation_ = 0;
  int pending_ = 0;
  bool stop_ = false;
};

class ParallelSearchHandle {
 public:
  explicit ParallelSearchHandle(int threads) : threads_(threads < 1 ? 1 : threads) {
    scratch_.resize(static_cast<size_t>(threads_.size()));
    for (auto& s : scratch_) s = std::make_unique<Scratch>();
  }

  int threads() const { return threads_.size(); }

  // Same contract as HpaStarHandle::findPaths, the queries spread over the threads.
  val findPaths(const HpaStarHandle& planner, const val& queries, bool smooth, bool keepCells) {
    const std::shared_ptr<const Hierarchy> hierarchy = planner.current();  // this batch's version
    if (!hierarchy) return errorObject("the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    const size_t count = input_.size() / 4;
    HpaQueryOptions options;
    options.smooth = smooth;
    out_.reset(count);
    std::atomic<size_t> next{0};
    const std::function<void(int)> task = [&](int t) {
      Scratch& s = *scratch_[static_cast<size_t>(t)];
      s.bindTo(hierarchy);
      s.cells.cells.clear();
      runBatchQueries(*s.query, input_.data(), count, next, options, keepCells, static_cast<uint32_t>(t), s.cells,
                      out_);
    };
    return runAndMerge(task);
  }

  // The same for an SHPA* planner (static: its graph never changes, but a batch still holds it alive).
  val findPathsShpa(const ShpaStarHandle& planner, const val& queries, bool smooth, bool keepCells) {
    const std::shared_ptr<const ShpaStarGraph> graph = planner.current();
    if (!graph) return errorObject("the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    const size_t count = input_.size() / 4;
    ShpaQueryOptions options;
    options.smooth = smooth;
    out_.reset(count);
    std::atomic<size_t> next{0};
    const std::function<void(int)> task = [&](int t) {
      Scratch& s = *scratch_[static_cast<size_t>(t)];
      if (s.boundShpa != graph) {
        s.shpaQuery = std::make_unique<ShpaStarQuery>(*graph);
        s.boundShpa = graph;
      }
      s.cells.cells.clear();
      runBatchQueries(*s.shpaQuery, input_.data(), count, next, options, keepCells, static_cast<uint32_t>(t), s.cells,
                      out_);
    };
    return runAndMerge(task);
  }

  // Same contract as HpaStarHandle::planPaths, the queries spread over the threads.
  val planPaths(const HpaStarHandle& planner, const val& queries, bool refineFirstSegment) {
    const std::shared_ptr<const Hierarchy> hierarchy = planner.current();  // this batch's version
    if (!hierarchy) return errorObject("the planner is not built");
    if (std::string error = readQueries(queries, input_); !error.empty()) return errorObject(error);
    const size_t count = input_.size() / 4;
    plans_.reset(count);
    std::atomic<size_t> next{0};
    const std::function<void(int)> task = [&](int t) {
      Scratch& s = *scratch_[static_cast<size_t>(t)];
      s.bindTo(hierarchy);
      s.plans.clear();
      runBatchPlans(*s.query, input_.data(), count, next, refineFirstSegment, static_cast<uint32_t>(t), s.plans,
                    plans_);
    };
    threads_.run(task);
    std::vector<PlanThreadScratch*> cells;
    for (auto& s : scratch_) cells.push_back(&s->plans);
    plans_.merge(cells);
    return plans_.toJS();
  }

 private:
  val runAndMerge(const std::function<void(int)>& task) {
    threads_.run(task);
    std::vector<BatchThreadCells*> cells;
    for (auto& s : scratch_) cells.push_back(&s->cells);
    out_.merge(cells);
    return out_.toJS();
  }

  struct Scratch {
    // Points the HPA* query at the batch's version (a new query object only when the version changed).
    void bindTo(const std::shared_ptr<const Hierarchy>& hierarchy) {
      if (bound == hierarchy) return;
      query = std::make_unique<HpaStarQuery>(*hierarchy);
      bound = hierarchy;
    }

    std::unique_ptr<HpaStarQuery> query;
    std::shared_ptr<const Hierarchy> bound;  // the version `query` reads, kept alive while it does
    std::unique_ptr<ShpaStarQuery> shpaQuery;
    std::shared_ptr<const ShpaStarGraph> boundShpa;  // the graph `shpaQuery` reads
    BatchThreadCells cells;
    PlanThreadScratch plans;
  };
  SearchThreads threads_;
  std::vector<std::unique_ptr<Scratch>> scratch_;
  std::vector<int32_t> input_;
  BatchOutput out_;
  PlanBatchOutput plans_;
};

#endif  // __EMSCRIPTEN_PTHREADS__

EMSCRIPTEN_BINDINGS(hpastar_parallel) {
  emscripten::function("buildInfo", &buildInfo);
#ifdef __EMSCRIPTEN_PTHREADS__
  emscripten::class_<ParallelSearchHandle>("ParallelSearch")
      .constructor<int>()
      .function("threads", &ParallelSearchHandle::threads)
      .function("findPaths", &ParallelSearchHandle::findPaths)
      .function("findPathsShpa", &ParallelSearchHandle::findPathsShpa)
      .function("planPaths", &ParallelSearchHandle::planPaths);
#endif
}

}  // namespace
}  // namespace hpastar::bindings
