// Reading numbers: contract/DecimalText's parseDecimal against the C library's strtod, on every field of
// the scenario files given (the optimal lengths and the integers), each pass timed, the fastest kept.
//   g++ -O2 -std=c++20 -Icpp bench/decimal-text-bench.cpp cpp/contract/DecimalText.cpp -o build/decimal-bench
//   build/decimal-bench maps/*.scen ../shared/maps/*.scen
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "contract/DecimalText.h"

int main(int argc, char** argv) {
  std::vector<std::string> fields;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::string word;
    while (in >> word)
      if (word.find_first_not_of("0123456789.") == std::string::npos) fields.push_back(word);
  }
  using Clock = std::chrono::steady_clock;
  double ours = 1e300, theirs = 1e300, sumOurs = 0, sumTheirs = 0;
  for (int pass = 0; pass < 20; ++pass) {
    auto t0 = Clock::now();
    for (const std::string& f : fields) sumOurs += hpastar::parseDecimal(f).value_or(0);
    auto t1 = Clock::now();
    for (const std::string& f : fields) sumTheirs += std::strtod(f.c_str(), nullptr);
    auto t2 = Clock::now();
    ours = std::min(ours, std::chrono::duration<double, std::nano>(t1 - t0).count() / fields.size());
    theirs = std::min(theirs, std::chrono::duration<double, std::nano>(t2 - t1).count() / fields.size());
  }
  std::printf("{\"fields\": %zu, \"parseDecimal_ns\": %.1f, \"strtod_ns\": %.1f, \"ratio\": %.2f, \"same_sum\": %s}\n",
              fields.size(), ours, theirs, ours / theirs, sumOurs == sumTheirs ? "true" : "false");
}
