#pragma once
#include <memory>
#include <mutex>
#include <span>
#include <string>

#include "hierarchy/Hierarchy.h"

namespace hpastar {

// A hierarchy that changes while other threads search it.
//
// Searches take a snapshot with current() and keep it (a shared_ptr) until they finish: they see one
// consistent version from start to end, grid included. Edits go through applyEdits(), one writer at a
// time. If no search holds the current version, it is edited in place (the common case, and the
// cheapest: only the touched clusters are rebuilt); otherwise the writer copies it — the grid and the
// tables of per-cluster blocks, not the blocks, which are shared and never modified — edits the copy
// and publishes it. Snapshots are handed out and replaced under a mutex, so a search never sees a
// version being edited.
class VersionedHierarchy {
 public:
  explicit VersionedHierarchy(Hierarchy hierarchy) : current_(std::make_shared<Hierarchy>(std::move(hierarchy))) {}

  std::shared_ptr<const Hierarchy> current() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return current_;
  }

  // As Hierarchy::applyEdits; "" on success, else the problem (and nothing changed).
  std::string applyEdits(std::span<const CellEdit> edits, UpdateStats* stats = nullptr) {
    std::lock_guard<std::mutex> writer(writerMutex_);
    std::unique_lock<std::mutex> lock(mutex_);
    if (current_.use_count() == 1) return current_->applyEdits(edits, stats);  // nobody else holds it
    // Searches hold this version: edit a copy outside the lock, then publish it.
    std::shared_ptr<Hierarchy> next = std::make_shared<Hierarchy>(*current_);
    lock.unlock();
    std::string error = next->applyEdits(edits, stats);
    if (!error.empty()) return error;
    lock.lock();
    current_ = std::move(next);
    return "";
  }

 private:
  mutable std::mutex mutex_;  // guards current_
  std::mutex writerMutex_;    // one editor at a time
  std::shared_ptr<Hierarchy> current_;
};

}  // namespace hpastar
