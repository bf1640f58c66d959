#pragma once
// How far a long piece of work is (a build of a hierarchy or of a block world's hierarchy), for a
// loading screen: the sink hears the phase and the share of the whole work done, from 0 to 1, never
// going back, at most about every percent, and answers false to cancel. The work then stops at its next
// report and fails with kCancelledByProgress.
//
// The work cuts itself into phases, each given the span of the whole it is estimated to take (in units
// of work it can count: cells scanned, trees grown, searches run), and reports the share of the phase done.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace hpastar {

// The phases of a build, in the order a build goes through them (a refresh of the heuristics has the last
// two): the names the sink hears, declared once here (the module exports them, and the TypeScript
// BuildPhase is generated from them, with the pool's own 'load').
enum class BuildPhase : uint8_t { Entrances, Clusters, Levels, Components, Landmarks, DistanceTable };
inline constexpr std::array<std::string_view, 6> kBuildPhaseNames = {"entrances",  "clusters",  "levels",
                                                                     "components", "landmarks", "distance table"};
constexpr std::string_view buildPhaseName(BuildPhase phase) { return kBuildPhaseNames[static_cast<size_t>(phase)]; }

// What a build cancelled by its progress sink fails with.
inline constexpr std::string_view kCancelledByProgress = "cancelled by the progress callback";

class Progress {
 public:
  using Sink = std::function<bool(std::string_view phase, double done)>;

  Progress() = default;  // reports to no one, never cancels
  explicit Progress(Sink sink) : sink_(std::move(sink)) {}

  // Starts `phase`, which takes the whole's span [from, to) (clamped to what was reported already).
  // False when the sink cancels.
  bool begin(BuildPhase phase, double from, double to) {
    phase_ = buildPhaseName(phase);
    from_ = std::max(from, reported_);
    to_ = std::max(to, from_);
    return send(from_, true);
  }

  // `share` (0..1) of the current phase is done. False when the sink cancels (now or before).
  bool advance(double share) {
    return send(from_ + (to_ - from_) * std::clamp(share, 0.0, 1.0), false);
  }

  // The work is over: the sink hears 1, once (unless a phase's last step reported it already).
  void finish() {
    if (!cancelled_ && reported_ < 1.0) send(1.0, true);
  }

  bool cancelled() const { return cancelled_; }
  bool reporting() const { return static_cast<bool>(sink_); }

 private:
  // Steps below this share of the whole are not reported (a phase's start and the end always are).
  static constexpr double kStep = 0.01;

  bool send(double done, bool always) {
    if (!sink_ || cancelled_) return !cancelled_;
    if (!always && done < reported_ + kStep) return true;
    reported_ = std::max(reported_, done);
    cancelled_ = !sink_(phase_, reported_);
    return !cancelled_;
  }

  Sink sink_;
  std::string_view phase_;
  double from_ = 0, to_ = 0, reported_ = 0;
  bool cancelled_ = false;
};

}  // namespace hpastar
