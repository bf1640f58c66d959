// The project's entry in the competition's classic (static) track: its interface (the kit's Entry.h,
// found through the include path CMakeLists.txt gives) over GppcPlanner. A path may be handed out in
// pieces: GetPath appends to the runner's path and returns false while pieces follow.
#include <memory>
#include <string>
#include <vector>

#include "Entry.h"
#include "gppc/GppcPlanner.h"

using hpastar::Point;
using hpastar::gppc::GppcPlanner;

// Nothing is precomputed into a file: the hierarchy is built in PrepareForSearch, from the same map.
void PreprocessMap(const std::vector<bool>&, int, int, const std::string&) {}

void* PrepareForSearch(const std::vector<bool>& bits, int width, int height, const std::string&) {
  std::vector<uint8_t> passable(bits.begin(), bits.end());
  return new GppcPlanner(width, height, passable, hpastar::gppc::algoFromEnvironment());
}

bool GetPath(void* data, xyLoc s, xyLoc g, std::vector<xyLoc>& path) {
  GppcPlanner& planner = *static_cast<GppcPlanner*>(data);
  bool incomplete = false;
  for (Point p : planner.answer(Point{s.x, s.y}, Point{g.x, g.y}, incomplete))
    path.push_back(xyLoc{static_cast<int16_t>(p.x), static_cast<int16_t>(p.y)});
  return !incomplete;
}

std::string GetName() {
  return std::string("hpastar-") + hpastar::gppc::algoName(hpastar::gppc::algoFromEnvironment());
}
