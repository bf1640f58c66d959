// Flow fields of a planner (flow/), for a grid's HPA* ("HPAStarFlowFields") and a block world's
// ("WorldFlowFields"): a cache of the fields of a few goals with its builder's scratch, made from a
// planner and kept alive with it; fields are refreshed to the planner's current version when asked for
// again (cluster by cluster), and handed to JavaScript as copies. One class template serves both: the
// source below says how each holds its hierarchy and packs its cells.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/HpaStarBinding.h"
#include "bindings/ModuleParts.h"
#if HPASTAR_FULL_MODULE
#include "bindings/WorldBinding.h"
#endif
#include "flow/FlowFieldCache.h"
#include "hpa/VersionedHierarchy.h"

namespace hpastar::bindings {

namespace {

// A grid's HPA*: its versions (a field is made on the current one, held while it is read), cells (x, y).
struct GridFlowSource {
  using Domain = GridFlowDomain;
  static constexpr size_t kAxes = 2;
  explicit GridFlowSource(const HpaStarHandle& planner) : versions(planner.versions()) {}
  VersionedHierarchy::Snapshot current() const {
    return versions ? versions->current() : VersionedHierarchy::Snapshot();
  }
  static Point cell(const int32_t* xy) { return Point{xy[0], xy[1]}; }
  static void describe(val& o, const FlowField& f) {
    o.set("width", f.layout().mapWidth);
    o.set("height", f.layout().mapHeight);
    o.set("goalX", f.goal().x);
    o.set("goalY", f.goal().y);
  }
  std::shared_ptr<VersionedHierarchy> versions;
};

#if HPASTAR_FULL_MODULE
// A block world's HPA*: its one hierarchy, edited in place between calls; cells (x, y, z).
struct WorldFlowSource {
  using Domain = WorldFlowDomain;
  static constexpr size_t kAxes = 3;
  explicit WorldFlowSource(const WorldHpaHandle& planner) : hierarchy(planner.sharedHierarchy()) {}
  const std::shared_ptr<WorldHierarchy>& current() const { return hierarchy; }
  static Voxel cell(const int32_t* xyz) { return Voxel{xyz[0], xyz[1], xyz[2]}; }
  static void describe(val& o, const WorldFlowField& f) {
    o.set("width", f.layout().worldWidth);
    o.set("height", f.layout().worldHeight);
    o.set("levels", f.layout().worldLevels);
    o.set("goalX", f.goal().x);
    o.set("goalY", f.goal().y);
    o.set("goalZ", f.goal().z);
  }
  std::shared_ptr<WorldHierarchy> hierarchy;
};
#endif

template <typename Source>
class FlowFieldsHandle {
 public:
  using Domain = typename Source::Domain;
  using Cell = typename Domain::Cell;
  template <typename Planner>
  explicit FlowFieldsHandle(const Planner& planner) : source_(planner) {}

  // The field of `goal` (kAxes numbers) on the planner's current version: over the goal's whole component,
  // or, with `starts` (an Int32Array of kAxes numbers per cell, empty for none), over the corridors of
  // those starts. { directions: Uint8Array (a copy, one byte per cell), width, height[, levels], goalX,
  // goalY[, goalZ], component, version, corridorsOnly, computedClusters, clustersIntegrated, clustersKept,
  // bytes } or { error }.
  val field(const val& goal, const val& starts) {
    const auto h = source_.current();
    if (!h) return errorObject(StatusKind::NotReady, "the planner is not built");
    // The starts (read here, then kept by the field), a new field and the builder's per-cell scratch
    // (directions, and a stamp per cell for corridors), its per-node scratch.
    const uint64_t cells = static_cast<uint64_t>(Domain::cellCount(Domain::layout(*h)));
    const uint64_t startBytes = static_cast<uint64_t>(starts["length"].as<double>()) * 8;
    if (std::string error =
            reserveHeap(startBytes + cells * 7 + static_cast<uint64_t>(h->nodeCount()) * 32, "a flow field");
        !error.empty())
      return errorObject(error);
    readFromJS(goal, packed_);
    if (packed_.size() != Source::kAxes)
      return errorObject("the goal must be " + std::to_string(Source::kAxes) + " numbers; got " +
                         std::to_string(packed_.size()));
    const Cell target = Source::cell(packed_.data());
    readFromJS(starts, packed_);
    if (packed_.size() % Source::kAxes != 0)
      return errorObject("starts must be packed as " + std::to_string(Source::kAxes) + " numbers each; got " +
                         std::to_string(packed_.size()) + " numbers");
    starts_.resize(packed_.size() / Source::kAxes);
    for (size_t i = 0; i < starts_.size(); ++i) starts_[i] = Source::cell(packed_.data() + i * Source::kAxes);
    std::string error;
    FlowFieldStats stats;
    const auto* f = cache_.get(*h, target, starts_, error, &stats);
    if (!f) return errorObject(error);
    val o = val::object();
    o.set("directions", copyToJS(f->directions().data(), f->directions().size()));
    Source::describe(o, *f);
    o.set("component", static_cast<double>(f->component()));
    o.set("version", static_cast<double>(f->version()));
    o.set("corridorsOnly", f->corridorsOnly());
    o.set("computedClusters", static_cast<double>(f->computedClusters()));
    o.set("clustersIntegrated", static_cast<double>(stats.clustersIntegrated));
    o.set("clustersKept", static_cast<double>(stats.clustersKept));
    o.set("bytes", static_cast<double>(f->bytes()));
    return o;
  }

  void clear() { cache_.clear(); }
  double bytes() const { return static_cast<double>(cache_.bytes()); }

 private:
  Source source_;
  BasicFlowFieldCache<Domain> cache_;
  std::vector<int32_t> packed_;
  std::vector<Cell> starts_;
};

// The codes of a field's directions (what the TypeScript layer's constants are checked against).
val flowCodes() {
  val o = val::object();
  o.set("noStep", FlowField::kNoStep);
  o.set("notComputed", FlowField::kNotComputed);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(hpastar_flow) {
  emscripten::function("flowFieldCodes", &flowCodes);
  emscripten::class_<FlowFieldsHandle<GridFlowSource>>("HPAStarFlowFields")
      .constructor<const HpaStarHandle&>()
      .function("field", &FlowFieldsHandle<GridFlowSource>::field)
      .function("clear", &FlowFieldsHandle<GridFlowSource>::clear)
      .function("bytes", &FlowFieldsHandle<GridFlowSource>::bytes);
#if HPASTAR_FULL_MODULE
  emscripten::class_<FlowFieldsHandle<WorldFlowSource>>("WorldFlowFields")
      .constructor<const WorldHpaHandle&>()
      .function("field", &FlowFieldsHandle<WorldFlowSource>::field)
      .function("clear", &FlowFieldsHandle<WorldFlowSource>::clear)
      .function("bytes", &FlowFieldsHandle<WorldFlowSource>::bytes);
#endif
}

}  // namespace hpastar::bindings
