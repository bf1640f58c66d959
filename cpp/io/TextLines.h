#pragma once
#include <charconv>
#include <string>
#include <string_view>
#include <system_error>

namespace hpastar {

// Walks a text one line at a time, counting lines from 1 and dropping a trailing '\r' (files saved on
// Windows), so readers can name the line of any problem.
class TextLines {
 public:
  explicit TextLines(std::string_view text) : text_(text) {}

  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int number_ = 0;
};

inline bool isBlank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t') return false;
  return true;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A header line "key value" (".map": "type octile", "height 512"; ".scen": "version 1"): the key up to
// the first space or tab, the value what follows without the spaces and tabs around it. Every header
// line of both readers is split here, so a tab is accepted wherever a space is.
struct HeaderLine {
  std::string_view key;
  std::string_view value;
};

inline HeaderLine splitHeaderLine(std::string_view line) {
  const std::string_view t = trim(line);
  const size_t gap = t.find_first_of(" \t");
  if (gap == std::string_view::npos) return HeaderLine{t, std::string_view()};
  return HeaderLine{t.substr(0, gap), trim(t.substr(gap))};
}

// A whole integer field (spaces and tabs around it allowed): false for anything else, or out of range.
template <typename Int>
bool parseInt(std::string_view s, Int& out) {
  s = trim(s);
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// Text from a file as an error message shows it: quoted, cut after 40 characters.
inline std::string quoted(std::string_view s) {
  constexpr size_t kMax = 40;
  std::string q(1, '"');  // built by appending: GCC 12 warns falsely on "literal" + std::string&&
  q.append(s.substr(0, kMax));
  if (s.size() > kMax) q.append("...");
  q.push_back('"');
  return q;
}

// "" when `line` is the header "type octile" that Moving AI maps and block worlds open with; else the
// problem, naming what the file is (`what`: "map", "world").
inline std::string octileTypeProblem(std::string_view line, std::string_view what) {
  const HeaderLine type = splitHeaderLine(line);
  if (type.key != "type" || type.value.empty()) return "expected \"type octile\", found " + quoted(line);
  if (type.value != "octile")
    return std::string(what) + " type " + quoted(type.value) + " is not supported (only octile)";
  return "";
}

}  // namespace hpastar
