#pragma once
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hpastar {

// A fixed set of threads that run one task at a time: run(task) calls task(i) on thread i for every i
// and returns when all have finished. The threads are made once, so a batch never waits for a thread
// to start (in wasm they come from Emscripten's pre-started pool of workers).
class SearchThreads {
 public:
  explicit SearchThreads(int count);
  ~SearchThreads();
  SearchThreads(const SearchThreads&) = delete;
  SearchThreads& operator=(const SearchThreads&) = delete;

  int size() const { return static_cast<int>(threads_.size()); }
  void run(const std::function<void(int)>& task);

 private:
  void loop(int index);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* task_ = nullptr;
  uint64_t generation_ = 0;
  int pending_ = 0;
  bool stop_ = false;
};

}  // namespace hpastar
