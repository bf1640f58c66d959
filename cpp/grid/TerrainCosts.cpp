#include "grid/TerrainCosts.h"

#include <algorithm>
#include <cmath>

#include "contract/DecimalText.h"
#include "contract/EnumNames.h"

namespace hpastar {

namespace {

// As `std::ostream << double` writes it (%g), without iostreams or printf (contract/DecimalText.h).
std::string formatNumber(double value) { return generalText(value, 6); }

std::string rangeText() {
  return formatNumber(TerrainCosts::kMinMultiplier) + ".." + formatNumber(TerrainCosts::kMaxMultiplier);
}

bool inRange(double value) {
  return std::isfinite(value) && value >= TerrainCosts::kMinMultiplier && value <= TerrainCosts::kMaxMultiplier;
}

// The first character of the format of each kind, for messages.
constexpr char kKindChar[TerrainCosts::kKindCount] = {'.', 'S', 'W', 'T', '@'};

}  // namespace

const char* terrainKindName(TerrainKind kind) {
  // TerrainKind::Invalid (255) lies past the table.
  static constexpr std::array<const char*, TerrainCosts::kKindCount> kNames = {"ground", "swamp", "water", "trees",
                                                                               "out of bounds"};
  static_assert(TerrainCosts::kKindCount == static_cast<int>(TerrainKind::OutOfBounds) + 1);
  return enumName(kind, kNames, "invalid");
}

std::string TerrainCosts::check() const {
  for (int k = 0; k < kKindCount; ++k) {
    if (inRange(multiplier[static_cast<size_t>(k)])) continue;
    return std::string("the multiplier of ") + kKindChar[k] + " (" + terrainKindName(static_cast<TerrainKind>(k)) +
           ") is " + formatNumber(multiplier[static_cast<size_t>(k)]) + ", outside " + rangeText();
  }
  return "";
}

std::string TerrainCosts::set(char c, double value) {
  const TerrainKind kind = terrainKindOf(c);
  if (kind == TerrainKind::Invalid)
    return "terrain code " + std::to_string(static_cast<unsigned char>(c)) + " is not a Moving AI terrain character";
  if (!inRange(value))
    return std::string("the multiplier of ") + c + " (" + terrainKindName(kind) + ") is " + formatNumber(value) +
           ", outside " + rangeText();
  multiplier[static_cast<size_t>(kind)] = static_cast<float>(value);
  return "";
}

std::optional<TerrainCosts> TerrainCosts::parse(std::string_view text, std::string& error) {
  TerrainCosts costs;
  uint32_t given = 0;  // the kinds named so far, a bit each
  size_t begin = 0;
  while (begin <= text.size()) {
    const size_t end = std::min(text.find(',', begin), text.size());
    const std::string_view item = text.substr(begin, end - begin);
    const auto fail = [&](const std::string& why) {
      error = "'" + std::string(item) + "': " + why;
      return std::nullopt;
    };
    if (item.size() < 3 || item[1] != '=') return fail("expected a terrain character, '=' and a multiplier (S=3)");
    // Decimal only, as the TypeScript API takes numbers: no "0x10", "inf" or spaces.
    const std::string_view number = item.substr(2);
    const std::optional<double> parsed = parseDecimal(number);
    if (!parsed) return fail("'" + std::string(number) + "' is not a number");
    const double value = *parsed;
    // One value per kind: ".=2,G=3" named ground twice, and the last one won unseen.
    const TerrainKind kind = terrainKindOf(item[0]);
    if (kind != TerrainKind::Invalid && (given & (1u << static_cast<unsigned>(kind))))
      return fail(std::string(terrainKindName(kind)) + " is given twice (each kind takes one multiplier; '.' and 'G' " +
                  "name one kind, as '@' and 'O' do)");
    if (std::string why = costs.set(item[0], value); !why.empty()) return fail(why);
    given |= 1u << static_cast<unsigned>(kind);
    begin = end + 1;
  }
  return costs;
}

}  // namespace hpastar
