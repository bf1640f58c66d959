#include "bindings/BatchSearch.h"

#include <limits>

#include "bindings/BindingSupport.h"

namespace hpastar::bindings {

std::string readQueries(const emscripten::val& queries, std::vector<int32_t>& out) {
  readFromJS(queries, out);
  if (out.size() % 4 != 0) {
    return "queries must be packed as (sx, sy, gx, gy) quadruples; got " + std::to_string(out.size()) + " numbers";
  }
  return "";
}

void BatchOutput::reset(size_t n) {
  status.assign(n, static_cast<uint8_t>(PathStatus::NoPath));
  cost.assign(n, std::numeric_limits<double>::infinity());
  expanded.assign(n, 0);
  paths.reset(n);
}

void BatchOutput::merge(const std::vector<BatchThreadCells*>& threads) {
  std::vector<const std::vector<Point>*> cells;
  cells.reserve(threads.size());
  for (const BatchThreadCells* t : threads) cells.push_back(&t->cells);
  paths.merge(cells);
}

emscripten::val BatchOutput::toJS() const {
  val o = val::object();
  o.set("status", copyToJS(status.data(), status.size()));
  o.set("cost", copyToJS(cost.data(), cost.size()));
  o.set("expanded", copyToJS(expanded.data(), expanded.size()));
  o.set("offsets", paths.offsetsToJS());
  o.set("cells", paths.cellsToJS());
  return o;
}

}  // namespace hpastar::bindings
