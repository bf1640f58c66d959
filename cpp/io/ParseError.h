#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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

// How a parser of `fileName` fails: clears `error` to name the file (no line yet) and returns
// fail(line, message), which records the message at that line and gives the parser's empty result.
template <class Result>
auto parseFailure(ParseError& error, std::string_view fileName) {
  error = ParseError{std::string(fileName), 0, ""};
  return [&error](int line, std::string message) -> std::optional<Result> {
    error.line = line;
    error.message = std::move(message);
    return std::nullopt;
  };
}

}  // namespace hpastar
