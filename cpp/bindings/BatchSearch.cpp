#include "bindings/BatchSearch.h"

#include <algorithm>
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
  length.assign(n, 0);
  source.assign(n, 0);
  start.assign(n, 0);
  offsets.clear();
  cells.clear();
}

void BatchOutput::merge(const std::vector<BatchThreadCells*>& threads) {
  const size_t n = status.size();
  offsets.resize(n + 1);
  uint64_t total = 0;
  for (size_t i = 0; i < n; ++i) {
    offsets[i] = static_cast<uint32_t>(total);
    total += length[i];
  }
  offsets[n] = static_cast<uint32_t>(total);
  cells.resize(total);
  for (size_t i = 0; i < n; ++i) {
    if (length[i] == 0) continue;
    const std::vector<Point>& from = threads[source[i]]->cells;
    std::copy_n(from.begin() + start[i], length[i], cells.begin() + offsets[i]);
  }
}

emscripten::val BatchOutput::toJS() const {
  static_assert(sizeof(Point) == 2 * sizeof(int32_t));
  val o = val::object();
  o.set("status", copyToJS(status.data(), status.size()));
  o.set("cost", copyToJS(cost.data(), cost.size()));
  o.set("expanded", copyToJS(expanded.data(), expanded.size()));
  o.set("offsets", copyToJS(offsets.data(), offsets.size()));
  o.set("cells", copyToJS(reinterpret_cast<const int32_t*>(cells.data()), cells.size() * 2));
  return o;
}

}  // namespace hpastar::bindings
