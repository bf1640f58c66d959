#include "io/MovingAIScenario.h"

#include <charconv>
#include <cmath>

#include "contract/DecimalText.h"
#include "io/TextLines.h"

namespace hpastar {
namespace {

constexpr const char* kFieldNames[9] = {"bucket",  "map",    "map width", "map height",    "start x",
                                        "start y", "goal x", "goal y",    "optimal length"};

bool parseInt(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// Decimal text only (contract/DecimalText.h: Emscripten 3.1.6's libc++ has no floating-point from_chars,
// and strtod would read "0x10" and "inf"), finite.
bool parseDouble(std::string_view s, double& out) {
  const std::optional<double> value = parseDecimal(s);
  if (!value || !std::isfinite(*value)) return false;
  out = *value;
  return true;
}

// Fields are tab-separated; files with spaces instead are accepted when that gives 9 fields.
int splitFields(std::string_view line, std::string_view (&fields)[9]) {
  int n = 0;
  const bool tabs = line.find('\t') != std::string_view::npos;
  size_t pos = 0;
  while (pos <= line.size()) {
    size_t end = tabs ? line.find('\t', pos) : line.find(' ', pos);
    if (end == std::string_view::npos) end = line.size();
    std::string_view f = trim(line.substr(pos, end - pos));
    if (!(f.empty() && !tabs)) {
      if (n == 9) return 10;
      fields[n++] = f;
    }
    pos = end + 1;
  }
  return n;
}

}  // namespace

std::string_view baseName(std::string_view path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::optional<std::vector<Scenario>> parseMovingAIScenarios(std::string_view text, std::string_view fileName,
                                                            ParseError& error) {
  const auto fail = parseFailure<std::vector<Scenario>>(error, fileName);
  TextLines lines(text);
  std::string_view line;
  if (!lines.next(line)) return fail(1, "empty file, expected \"version 1\"");
  const HeaderLine version = splitHeaderLine(line);
  if (version.key != "version" || (version.value != "1" && version.value != "1.0"))
    return fail(1, "expected \"version 1\", found \"" + std::string(trim(line).substr(0, 40)) + "\"");

  std::vector<Scenario> out;
  while (lines.next(line)) {
    if (isBlank(line)) continue;
    std::string_view f[9];
    const int n = splitFields(line, f);
    if (n != 9)
      return fail(lines.number(), n > 9 ? "more than 9 fields" : "has " + std::to_string(n) + " fields, expected 9");
    Scenario s;
    s.line = lines.number();
    int* ints[8] = {&s.bucket, nullptr, &s.mapWidth, &s.mapHeight, &s.start.x, &s.start.y, &s.goal.x, &s.goal.y};
    for (int i = 0; i < 8; ++i) {
      if (i == 1) continue;
      if (!parseInt(f[i], *ints[i]))
        return fail(lines.number(),
                    std::string(kFieldNames[i]) + " \"" + std::string(f[i].substr(0, 40)) + "\" is not an integer");
      if (*ints[i] < 0)
        return fail(lines.number(), std::string(kFieldNames[i]) + " " + std::to_string(*ints[i]) + " is negative");
    }
    if (f[1].empty()) return fail(lines.number(), "map name is empty");
    s.mapName = std::string(f[1]);
    if (!parseDouble(f[8], s.optimalLength))
      return fail(lines.number(), "optimal length \"" + std::string(f[8].substr(0, 40)) + "\" is not a number");
    if (s.optimalLength < 0) return fail(lines.number(), "optimal length is negative");
    out.push_back(std::move(s));
  }
  return out;
}

bool checkScenariosAgainstMap(const std::vector<Scenario>& scenarios, const Grid& grid, std::string_view scenFileName,
                              std::string_view mapFileName, ParseError& error) {
  error = ParseError{std::string(scenFileName), 0, ""};
  auto fail = [&](int line, std::string message) {
    error.line = line;
    error.message = std::move(message);
    return false;
  };
  auto cell = [](Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; };
  for (const Scenario& s : scenarios) {
    if (!mapFileName.empty() && baseName(s.mapName) != baseName(mapFileName))
      return fail(s.line,
                  "scenario is for map \"" + s.mapName + "\", not \"" + std::string(baseName(mapFileName)) + "\"");
    if (s.mapWidth != grid.width() || s.mapHeight != grid.height())
      return fail(s.line, "scenario map size " + std::to_string(s.mapWidth) + "x" + std::to_string(s.mapHeight) +
                              " differs from the map's " + std::to_string(grid.width()) + "x" +
                              std::to_string(grid.height()) + " (scaled scenarios are not supported)");
    if (!grid.inside(s.start)) return fail(s.line, "start " + cell(s.start) + " is outside the map");
    if (!grid.inside(s.goal)) return fail(s.line, "goal " + cell(s.goal) + " is outside the map");
    if (!grid.passable(s.start)) return fail(s.line, "start " + cell(s.start) + " is on blocked terrain");
    if (!grid.passable(s.goal)) return fail(s.line, "goal " + cell(s.goal) + " is on blocked terrain");
  }
  return true;
}

}  // namespace hpastar
