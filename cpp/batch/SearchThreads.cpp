#include "batch/SearchThreads.h"

#include <chrono>

namespace hpastar {

SearchThreads::SearchThreads(int count) {
  for (int i = 0; i < count; ++i) threads_.emplace_back([this, i] { loop(i); });
}

SearchThreads::~SearchThreads() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void SearchThreads::run(const std::function<void(int)>& task) {
  std::unique_lock<std::mutex> lock(mutex_);
  task_ = &task;
  pending_ = size();
  ++generation_;
  wake_.notify_all();
  // Waits in short slices: in wasm each return into the wait lets Emscripten run calls that threads
  // proxy to the module's main thread, so no proxied call can ever deadlock a batch.
  while (pending_ > 0) done_.wait_for(lock, std::chrono::milliseconds(5));
  task_ = nullptr;
}

void SearchThreads::loop(int index) {
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

}  // namespace hpastar
