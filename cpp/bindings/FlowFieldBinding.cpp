// Flow fields of an HPA* planner (flow/): "HPAStarFlowFields", a cache of the fields of a few goals with
// its builder's scratch, made from a planner and kept alive with it; fields are refreshed to the planner's
// current version when asked for again (cluster by cluster), and handed to JavaScript as copies.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings/BindingSupport.h"
#include "bindings/HeapReservation.h"
#include "bindings/HpaStarBinding.h"
#include "flow/FlowFieldCache.h"
#include "hpa/VersionedHierarchy.h"

namespace hpastar::bindings {

class FlowFieldsHandle {
 public:
  explicit FlowFieldsHandle(const HpaStarHandle& planner) : versions_(planner.versions()) {}

  // The field of (gx, gy) on the planner's current version: over the goal's whole component, or, with
  // `starts` (an Int32Array [x, y, ...], empty for none), over the corridors of those starts. { directions:
  // Uint8Array (a copy, width * height bytes), width, height, goalX, goalY, component, version,
  // corridorsOnly, computedClusters, clustersIntegrated, clustersKept, bytes } or { error }.
  val field(int gx, int gy, const val& starts) {
    if (!versions_) return errorObject(StatusKind::NotReady, "the planner is not built");
    const VersionedHierarchy::Snapshot h = versions_->current();
    // The starts (read here, then kept by the field), a new field and the builder's per-cell scratch
    // (directions, and a stamp per cell for corridors), its per-node scratch.
    const uint64_t cells = static_cast<uint64_t>(h->grid().cellCount());
    const uint64_t startBytes = static_cast<uint64_t>(starts["length"].as<double>()) * 12;
    if (std::string error =
            reserveHeap(startBytes + cells * 7 + static_cast<uint64_t>(h->nodeCount()) * 32, "a flow field");
        !error.empty())
      return errorObject(error);
    readFromJS(starts, packed_);
    if (packed_.size() % 2 != 0)
      return errorObject("starts must be packed as (x, y) pairs; got " + std::to_string(packed_.size()) + " numbers");
    starts_.resize(packed_.size() / 2);
    for (size_t i = 0; i < starts_.size(); ++i) starts_[i] = Point{packed_[2 * i], packed_[2 * i + 1]};
    std::string error;
    FlowFieldStats stats;
    const FlowField* f = cache_.get(*h, Point{gx, gy}, starts_, error, &stats);
    if (!f) return errorObject(error);
    val o = val::object();
    o.set("directions", copyToJS(f->directions().data(), f->directions().size()));
    o.set("width", f->layout().mapWidth);
    o.set("height", f->layout().mapHeight);
    o.set("goalX", f->goal().x);
    o.set("goalY", f->goal().y);
    o.set("component", static_cast<double>(f->component()));
    o.set("version", static_cast<double>(f->version()));
    o.set("corridorsOnly", f->corridorsOnly());
    o.set("computedClusters", static_cast<double>(f->computedClusters()));
    o.set("clustersIntegrated", static_cast<double>(stats.clustersIntegrated));
    o.set("clustersKept", static_cast<double>(stats.clustersKept));
    o.set("bytes", static_cast<double>(f->bytes()));
    return o;
  }

  // The codes of FlowField (what the TypeScript layer's constants are checked against).
  static val codes() {
    val o = val::object();
    o.set("noStep", FlowField::kNoStep);
    o.set("notComputed", FlowField::kNotComputed);
    val dx = val::array(), dy = val::array();
    for (int d = 0; d < kDirCount; ++d) {
      dx.call<void>("push", kDirDx[d]);
      dy.call<void>("push", kDirDy[d]);
    }
    o.set("dx", dx);
    o.set("dy", dy);
    return o;
  }

  void clear() { cache_.clear(); }
  double bytes() const { return static_cast<double>(cache_.bytes()); }

 private:
  std::shared_ptr<VersionedHierarchy> versions_;
  FlowFieldCache cache_;
  std::vector<int32_t> packed_;
  std::vector<Point> starts_;
};

EMSCRIPTEN_BINDINGS(hpastar_flow) {
  emscripten::class_<FlowFieldsHandle>("HPAStarFlowFields")
      .constructor<const HpaStarHandle&>()
      .class_function("codes", &FlowFieldsHandle::codes)
      .function("field", &FlowFieldsHandle::field)
      .function("clear", &FlowFieldsHandle::clear)
      .function("bytes", &FlowFieldsHandle::bytes);
}

}  // namespace hpastar::bindings
