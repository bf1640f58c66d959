// libFuzzer target: contract/DecimalText against the C library it stands in for. The input is a text:
// parseDecimal must refuse it exactly when it is no plain decimal, and otherwise give strtod's double,
// bit for bit. Its first 8 bytes, as a double, are also written by fixedText and generalText, which must
// give printf's %.Nf and %.Ng text (precisions from the next byte).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "FuzzChecks.h"
#include "contract/DecimalText.h"

using namespace hpastar;

namespace {

// The grammar of parseDecimal, written plainly: [+-] digits [. digits] | [+-] . digits, then [eE [+-] digits].
bool isPlainDecimal(const std::string& s) {
  size_t i = 0, digits = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (i < s.size() && s[i] == '.')
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) ++digits;
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const size_t start = i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    }
    if (i == start) return false;
  }
  return i == s.size();
}

std::string printed(const char* format, int precision, double value) {
  char text[512];
  std::snprintf(text, sizeof text, format, precision, value);
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::optional<double> ours = parseDecimal(text);
  FUZZ_REQUIRE(ours.has_value() == isPlainDecimal(text), "refusal of '" + text + "'");
  if (ours) {
    const double theirs = std::strtod(text.c_str(), nullptr);
    FUZZ_REQUIRE(std::memcmp(&*ours, &theirs, sizeof theirs) == 0,
                 "'" + text + "': " + generalText(*ours, 17) + " against strtod's " + generalText(theirs, 17));
  }
  if (size >= 9) {
    double value;
    std::memcpy(&value, data, sizeof value);
    const int significant = 1 + data[8] % 20, decimals = data[8] % 13;
    FUZZ_REQUIRE(generalText(value, significant) == printed("%.*g", significant, value), "%g of " + text);
    if (!(std::fabs(value) >= 1e100)) FUZZ_REQUIRE(fixedText(value, decimals) == printed("%.*f", decimals, value), "%f");
  }
  return 0;
}
