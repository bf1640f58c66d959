#pragma once
#include <string>

namespace hpastar {

// Where and why a file was rejected. line is 1-based; 0 when the problem is not on one line.
struct ParseError {
  std::string file;
  int line = 0;
  std::string message;

  std::string toString() const {
    std::string s = file.empty() ? std::string("<input>") : file;
    if (line > 0) s += ":" + std::to_string(line);
    return s + ": " + message;
  }
};

}  // namespace hpastar
