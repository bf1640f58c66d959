#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "hpa/HeuristicRefresh.h"
#include "hpa/Hierarchy.h"

namespace hpastar {

// A hierarchy that changes while other threads search it: the shared, read-only data of every planner
// handle, native or wasm.
//
// Searches take a snapshot with current() and keep it until they finish: they see one consistent
// version from start to end, grid included. Edits go through applyEdits(), one writer at a time. If
// no snapshot of the current version is alive, it is edited in place (the common case, and the
// cheapest: only the touched clusters are rebuilt); otherwise the writer copies it (the grid and the
// tables of per-cluster blocks, not the blocks, which are shared and never modified), edits the copy
// and publishes it. Snapshots are counted with release/acquire atomics, so an in-place edit always
// happens after every read of the searches that held the version (a bare shared_ptr use_count()
// would not order them). version() is the hierarchy's own counter: built 0, loaded as saved, +1 per
// edit that changed a cell.
class VersionedHierarchy {
  struct Version;

 public:
  // One version held for reading: unchanged, and never edited in place, while a Snapshot of it is
  // alive. Taking one allocates nothing (it shares the version's own reference count), so a
  // single-threaded owner may take one per query.
  class Snapshot {
   public:
    Snapshot() = default;
    explicit Snapshot(std::shared_ptr<Version> version) : version_(std::move(version)) {
      if (version_) version_->snapshots.fetch_add(1, std::memory_order_relaxed);
    }
    Snapshot(const Snapshot& other) : Snapshot(other.version_) {}
    Snapshot(Snapshot&& other) noexcept = default;
    Snapshot& operator=(Snapshot other) noexcept {
      std::swap(version_, other.version_);
      return *this;
    }
    // Release: the reads made through this snapshot happen before an in-place edit of its version.
    ~Snapshot() {
      if (version_) version_->snapshots.fetch_sub(1, std::memory_order_release);
    }
    const Hierarchy& operator*() const { return version_->hierarchy; }
    const Hierarchy* operator->() const { return &version_->hierarchy; }
    const Hierarchy* get() const { return version_ ? &version_->hierarchy : nullptr; }
    explicit operator bool() const { return version_ != nullptr; }

   private:
    std::shared_ptr<Version> version_;
  };

  explicit VersionedHierarchy(Hierarchy hierarchy) : current_(std::make_shared<Version>(std::move(hierarchy))) {}

  // The current version, kept alive (and unchanged) while the snapshot is held.
  Snapshot current() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return Snapshot(current_);
  }

  uint64_t version() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return current_->hierarchy.version();
  }

  // As Hierarchy::applyEdits; "" on success, else the problem (and nothing changed).
  std::string applyEdits(std::span<const CellEdit> edits, UpdateStats* stats = nullptr,
                         const Progress::Sink& report = {}) {
    return edit([&](Hierarchy& h) { return h.applyEdits(edits, stats, report); });
  }
  // As Hierarchy::setTerrainCosts.
  std::string setTerrainCosts(const TerrainCosts& costs, UpdateStats* stats = nullptr) {
    return edit([&](Hierarchy& h) { return h.setTerrainCosts(costs, stats); });
  }

  // Recomputes stale landmarks and distance table (Hierarchy::heuristicsStale) on the calling thread,
  // over a snapshot: searches and edits go on meanwhile (searches with the stale tables). The new tables
  // are then installed as an edit is, under the same version number. Returns true when the current
  // version's tables are exact afterwards; false when an edit changed the top level's graph during the
  // computation (call again: the next round starts from that version).
  bool refreshHeuristics() {
    std::optional<HeuristicRefresh> refresh;
    {
      Snapshot base = current();
      if (!base->heuristicsStale()) return true;
      refresh.emplace(*base);
      while (!refresh->step(std::chrono::microseconds::max())) {
      }
    }  // the snapshot is dropped first: the install may then happen in place
    return installHeuristics(*refresh);
  }
  // Installs a finished refresh (HeuristicRefresh::installInto) as an edit is; false when an edit changed
  // the top level's graph since its base.
  bool installHeuristics(HeuristicRefresh& refresh) {
    return edit([&](Hierarchy& h) { return refresh.installInto(h) ? std::string() : std::string("changed"); }).empty();
  }

 private:
  // Runs `change` (a Hierarchy edit returning "" or why it refused) on the current version, or on a copy
  // published after it when searches hold the current one.
  template <typename Change>
  std::string edit(Change&& change) {
    std::lock_guard<std::mutex> writer(writerMutex_);
    std::unique_lock<std::mutex> lock(mutex_);
    // Acquire: pairs with the release of every snapshot dropped, so their reads happen before this edit.
    if (current_->snapshots.load(std::memory_order_acquire) == 0)
      return change(current_->hierarchy);  // nobody searches it; current() waits
    // Searches hold this version: edit a copy outside the lock, then publish it.
    auto next = std::make_shared<Version>(current_->hierarchy);
    lock.unlock();
    std::string error = change(next->hierarchy);
    if (!error.empty()) return error;
    lock.lock();
    current_ = std::move(next);
    return "";
  }

  struct Version {
    explicit Version(Hierarchy h) : hierarchy(std::move(h)) {}
    Hierarchy hierarchy;
    std::atomic<int64_t> snapshots{0};  // Snapshots alive
  };

  mutable std::mutex mutex_;  // guards current_
  std::mutex writerMutex_;    // one editor at a time
  std::shared_ptr<Version> current_;
};

}  // namespace hpastar
