#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "contract/Progress.h"
#include "hpa/HierarchyLevelDistances.h"
#include "search/LandmarkTable.h"
#include "search/NodeDistanceTable.h"

namespace hpastar {

class Hierarchy;

// Recomputes the landmarks and the distance table of a hierarchy whose top level changed
// (Hierarchy::heuristicsStale) a slice at a time, one Dijkstra per step, so that the work can run between
// frames or on another thread while searches go on with the stale tables. The base hierarchy must stay
// unchanged while the refresh is stepped (a VersionedHierarchy snapshot, or a hierarchy nobody edits
// meanwhile); the result is installed into the base or a later version of it, provided no edit changed
// the top level's graph in between.
class HeuristicRefresh {
 public:
  explicit HeuristicRefresh(const Hierarchy& base);

  // An upper bound of the bytes a refresh of `h` allocates (the new tables and two searches' scratch):
  // what the wasm bindings reserve before starting one.
  static uint64_t bytesFor(const Hierarchy& h);

  // Runs steps until done or until `budget` has passed (at least one step). True when done.
  bool step(std::chrono::microseconds budget);
  bool done() const { return landmarks_.done() && (!distances_ || distances_->done()); }
  // Dijkstras run and to run in all (progress).
  uint32_t stepsDone() const { return stepsDone_; }
  // The phase under way, named as a build's (Hierarchy::build): the landmarks, then the table's rows.
  BuildPhase phase() const {
    return distances_ && landmarks_.done() ? BuildPhase::DistanceTable : BuildPhase::Landmarks;
  }
  uint32_t stepsTotal() const { return stepsTotal_; }
  // The version of the base hierarchy the tables are computed for.
  uint64_t version() const { return version_; }

  // After done(): installs the tables into `h` (Hierarchy::installHeuristics). False, `h` unchanged,
  // when an edit changed the top level's graph since the base: start again on the current version.
  // The tables are moved out: call once.
  bool installInto(Hierarchy& h);

 private:
  uint64_t version_;
  // The top level the builders search, one Dijkstra at a time (landmarks first, then the table's rows);
  // on the heap so that the builders' pointers to it survive a move.
  std::unique_ptr<HierarchyLevelDistances> graph_;
  LandmarkTableBuilder landmarks_;
  std::optional<NodeDistanceTableBuilder> distances_;  // when the options ask for a table
  uint32_t stepsDone_ = 0, stepsTotal_ = 0;
};

}  // namespace hpastar
