#include "contract/DecimalText.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace hpastar {
namespace {

// An unsigned integer of up to kLimbs 32-bit limbs, least significant first, no leading zero limbs.
// The largest this file makes is below 2^4900 (parsing: 800 digits against a midpoint scaled by 5^1124
// and 2^2115; formatting: a mantissa times 5^1074); a result past the capacity is dropped and flagged,
// never written out of bounds.
class BigNumber {
 public:
  static constexpr int kLimbs = 168;

  explicit BigNumber(uint64_t value) {
    for (; value != 0; value >>= 32) push(static_cast<uint32_t>(value));
  }

  bool overflowed() const { return overflowed_; }
  bool isZero() const { return size_ == 0; }

  void multiplyAdd(uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (int i = 0; i < size_; ++i) {
      carry += static_cast<uint64_t>(limbs_[i]) * factor;
      limbs_[i] = static_cast<uint32_t>(carry);
      carry >>= 32;
    }
    if (carry != 0) push(static_cast<uint32_t>(carry));
  }

  void multiplyByPowerOf5(int64_t n) {
    constexpr uint32_t kFifth13 = 1220703125;  // 5^13, the largest power of 5 in 32 bits
    for (; n >= 13; n -= 13) multiplyAdd(kFifth13, 0);
    uint32_t rest = 1;
    for (; n > 0; --n) rest *= 5;
    multiplyAdd(rest, 0);
  }

  void shiftLeft(int64_t bits) {
    if (size_ == 0 || bits <= 0) return;
    if (bits >= 32 * kLimbs) return fail();
    const int whole = static_cast<int>(bits / 32), part = static_cast<int>(bits % 32);
    if (size_ + whole + 1 > kLimbs) return fail();
    limbs_[static_cast<size_t>(size_ + whole)] = 0;
    for (int i = size_ - 1; i >= 0; --i) {  // from the top: each limb lands at or above where it was
      const uint64_t v = static_cast<uint64_t>(limbs_[static_cast<size_t>(i)]) << part;
      limbs_[static_cast<size_t>(i + whole + 1)] |= static_cast<uint32_t>(v >> 32);
      limbs_[static_cast<size_t>(i + whole)] = static_cast<uint32_t>(v);
    }
    for (int i = 0; i < whole; ++i) limbs_[static_cast<size_t>(i)] = 0;
    size_ += whole + 1;
    while (size_ > 0 && limbs_[static_cast<size_t>(size_ - 1)] == 0) --size_;
  }

  // Divides in place; returns the remainder.
  uint32_t divide(uint32_t divisor) {
    uint64_t rest = 0;
    for (int i = size_ - 1; i >= 0; --i) {
      const uint64_t v = (rest << 32) | limbs_[i];
      limbs_[i] = static_cast<uint32_t>(v / divisor);
      rest = v % divisor;
    }
    while (size_ > 0 && limbs_[size_ - 1] == 0) --size_;
    return static_cast<uint32_t>(rest);
  }

  friend int compare(const BigNumber& a, const BigNumber& b) {
    if (a.size_ != b.size_) return a.size_ < b.size_ ? -1 : 1;
    for (int i = a.size_ - 1; i >= 0; --i)
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    return 0;
  }

 private:
  void push(uint32_t limb) {
    if (size_ == kLimbs) return fail();
    limbs_[size_++] = limb;
  }
  void fail() { overflowed_ = true; }

  std::array<uint32_t, kLimbs> limbs_{};
  int size_ = 0;
  bool overflowed_ = false;
};

// __builtin_bit_cast below: Emscripten 3.1.6's libc++ has no std::bit_cast.
constexpr uint64_t kHidden = uint64_t{1} << 52;  // the implicit bit of a normal double's mantissa

// A finite non-negative double as mantissa · 2^exponent (the mantissa below 2^53).
struct BinaryParts {
  uint64_t mantissa;
  int exponent;
};

BinaryParts partsOf(double value) {
  const uint64_t bits = __builtin_bit_cast(uint64_t, value);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  const uint64_t fraction = bits & (kHidden - 1);
  if (biased == 0) return {fraction, -1074};
  return {fraction | kHidden, biased - 1075};
}

// ---- Reading -------------------------------------------------------------------------------------------

constexpr int kMaxDigits = 800;  // kept; the exact value of any midpoint between doubles has fewer

// value = digits · 10^exponent, plus something below one unit of the last digit when `sticky`.
struct Decimal {
  BigNumber digits{0};
  int64_t exponent = 0;
  bool sticky = false;
  int count = 0;      // digits kept, the first nonzero
  uint64_t lead = 0;  // the first (up to 19) of them
  int leadCount = 0;
  bool negative = false;
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Reads the grammar of parseDecimal; false when `text` does not follow it.
bool readDecimal(std::string_view text, Decimal& d) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) d.negative = text[i++] == '-';
  bool anyDigit = false, afterPoint = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !afterPoint) {
      afterPoint = true;
      continue;
    }
    if (!isDigit(c)) break;
    anyDigit = true;
    const uint32_t digit = static_cast<uint32_t>(c - '0');
    if (d.count == 0 && digit == 0) {  // a leading zero: only its place counts
      d.exponent -= afterPoint ? 1 : 0;
      continue;
    }
    if (d.count < kMaxDigits) {
      d.digits.multiplyAdd(10, digit);
      if (d.leadCount < 19) d.lead = 10 * d.lead + digit, ++d.leadCount;
      ++d.count;
      d.exponent -= afterPoint ? 1 : 0;
    } else {
      d.sticky |= digit != 0;
      d.exponent += afterPoint ? 0 : 1;
    }
  }
  if (!anyDigit) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (i == text.size() || !isDigit(text[i])) return false;
    int64_t power = 0;
    for (; i < text.size() && isDigit(text[i]); ++i) power = power < 100000000 ? 10 * power + (text[i] - '0') : power;
    d.exponent += negative ? -power : power;
  }
  return i == text.size();
}

// Compares the decimal's value with n · 2^power: -1, 0 or 1.
int compareWith(const Decimal& d, uint64_t n, int64_t power) {
  BigNumber a = d.digits, b(n);
  if (d.exponent >= 0)
    a.multiplyByPowerOf5(d.exponent);
  else
    b.multiplyByPowerOf5(-d.exponent);
  if (d.exponent > power)
    a.shiftLeft(d.exponent - power);
  else
    b.shiftLeft(power - d.exponent);
  const int order = compare(a, b);
  return order == 0 && d.sticky ? 1 : order;
}

constexpr std::array<double, 23> kPowersOf10 = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// A double within a few units in the last place of the value (each product or quotient adds half of one).
double estimate(const Decimal& d) {
  double value = static_cast<double>(d.lead);
  for (int64_t e = d.exponent + (d.count - d.leadCount); e != 0;) {
    const int64_t step = e > 22 ? 22 : e < -22 ? -22 : e;
    value = step > 0 ? value * kPowersOf10[static_cast<size_t>(step)] : value / kPowersOf10[static_cast<size_t>(-step)];
    e -= step;
  }
  if (std::isinf(value)) return __builtin_bit_cast(double, uint64_t{0x7fefffffffffffff});
  return value == 0 ? __builtin_bit_cast(double, uint64_t{1}) : value;
}

// The double nearest the decimal's (non-zero) value, ties to even, by moving from an estimate one
// double at a time while the value lies past the midpoint to a neighbour; infinity past the largest.
double nearestDouble(const Decimal& d) {
  double x = estimate(d);
  for (int step = 0; step < 1000; ++step) {
    const auto [m, q] = partsOf(x);
    const int up = compareWith(d, 2 * m + 1, q - 1);  // the midpoint to the next double up
    if (up > 0 || (up == 0 && (m & 1))) {
      x = __builtin_bit_cast(double, __builtin_bit_cast(uint64_t, x) + 1);
      if (std::isinf(x)) return x;
      continue;
    }
    if (m == 0) return x;
    const bool binadeStart = m == kHidden && q > -1074;  // the double below lies twice as close
    const int down = binadeStart ? compareWith(d, 4 * m - 1, q - 2) : compareWith(d, 2 * m - 1, q - 1);
    if (down < 0 || (down == 0 && (m & 1))) {
      x = __builtin_bit_cast(double, __builtin_bit_cast(uint64_t, x) - 1);
      continue;
    }
    return x;
  }
  return x;  // not reached: the estimate is a few doubles away
}

// ---- Writing -------------------------------------------------------------------------------------------

// The exact decimal digits of a finite double's magnitude: |value| = digits · 10^exponent.
void exactDigits(double value, std::string& digits, int& exponent) {
  const auto [m, q] = partsOf(std::fabs(value));
  BigNumber n(m);
  if (q >= 0) {
    n.shiftLeft(q);
    exponent = 0;
  } else {  // m · 2^q = m · 5^-q / 10^-q
    n.multiplyByPowerOf5(-q);
    exponent = q;
  }
  digits.clear();
  while (!n.isZero()) {
    uint32_t chunk = n.divide(1000000000);
    for (int k = 0; k < 9; ++k, chunk /= 10) digits.push_back(static_cast<char>('0' + chunk % 10));
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (digits.empty()) digits = "0";
  digits.assign(digits.rbegin(), digits.rend());
}

// Rounds digits · 10^exponent to a multiple of 10^last (ties to even); the digits then have exponent `last`.
void roundTo(std::string& digits, int exponent, int last) {
  if (exponent >= last) {
    digits.append(static_cast<size_t>(exponent - last), '0');
    return;
  }
  const size_t dropped = static_cast<size_t>(last - exponent);
  if (dropped > digits.size()) {
    digits = "0";
    return;
  }
  const size_t kept = digits.size() - dropped;
  const char first = digits[kept];
  const bool restZero = digits.find_first_not_of('0', kept + 1) == std::string::npos;
  const bool odd = kept > 0 && (digits[kept - 1] - '0') % 2 == 1;
  const bool up = first > '5' || (first == '5' && (!restZero || odd));
  digits.resize(kept);
  if (digits.empty()) digits = "0";
  if (!up) return;
  size_t i = digits.size();
  while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
  if (i == 0)
    digits.insert(digits.begin(), '1');
  else
    ++digits[i - 1];
}

// "inf", "nan" with their sign, or "" for a finite value.
std::string specialText(double value) {
  if (std::isfinite(value)) return "";
  return std::string(std::signbit(value) ? "-" : "") + (std::isnan(value) ? "nan" : "inf");
}

// Digits of exponent -decimals as fixed text: the integer part, then `decimals` of them after a point.
std::string fixedOf(const std::string& digits, int decimals) {
  std::string text = digits;
  if (text.size() <= static_cast<size_t>(decimals))
    text.insert(0, static_cast<size_t>(decimals) + 1 - text.size(), '0');
  if (decimals > 0) text.insert(text.size() - static_cast<size_t>(decimals), ".");
  return text;
}

// Drops the zeros that end a fraction, and the point when nothing is left after it.
void trimFraction(std::string& text) {
  if (text.find('.') == std::string::npos) return;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
}

}  // namespace

std::optional<double> parseDecimal(std::string_view text) {
  Decimal d;
  if (!readDecimal(text, d) || d.digits.overflowed()) return std::nullopt;
  const double sign = d.negative ? -1.0 : 1.0;
  if (d.count == 0) return sign * 0.0;
  const int64_t leading = d.count - 1 + d.exponent;                           // the power of 10 of the first digit
  if (leading >= 309) return sign * std::numeric_limits<double>::infinity();  // past the largest double
  if (leading < -325) return sign * 0.0;  // below 1e-325: under half the smallest subnormal
  const int64_t power = d.exponent + (d.count - d.leadCount);
  if (!d.sticky && d.count == d.leadCount && d.lead <= (uint64_t{1} << 53) && power >= -22 && power <= 22) {
    // Both the digits and the power of 10 are doubles: one correctly rounded operation (Clinger).
    const double digits = static_cast<double>(d.lead);
    return sign * (power >= 0 ? digits * kPowersOf10[static_cast<size_t>(power)]
                              : digits / kPowersOf10[static_cast<size_t>(-power)]);
  }
  return sign * nearestDouble(d);
}

std::string fixedText(double value, int decimals) {
  decimals = decimals < 0 ? 0 : decimals > 40 ? 40 : decimals;
  if (std::string special = specialText(value); !special.empty()) return special;
  std::string digits;
  int exponent = 0;
  exactDigits(value, digits, exponent);
  roundTo(digits, exponent, -decimals);
  return (std::signbit(value) ? "-" : "") + fixedOf(digits, decimals);
}

std::string numberText(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 1e15)
    return std::to_string(static_cast<int64_t>(value));
  return fixedText(value, 6);
}

std::string generalText(double value, int significant) {
  significant = significant < 1 ? 1 : significant > 40 ? 40 : significant;
  if (std::string special = specialText(value); !special.empty()) return special;
  const std::string sign = std::signbit(value) ? "-" : "";
  if (value == 0) return sign + "0";
  std::string digits;
  int exponent = 0;
  exactDigits(value, digits, exponent);
  int leading = static_cast<int>(digits.size()) - 1 + exponent;
  roundTo(digits, exponent, leading - significant + 1);
  if (static_cast<int>(digits.size()) > significant) {  // rounded up to the next power of 10
    ++leading;
    digits.pop_back();
  }
  std::string text;
  if (leading >= -4 && leading < significant) {
    text = fixedOf(digits, significant - 1 - leading);
  } else {
    text = digits.substr(0, 1) + "." + digits.substr(1);
    trimFraction(text);
    const int magnitude = leading < 0 ? -leading : leading;
    return sign + text + (leading < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
  }
  trimFraction(text);
  return sign + text;
}

}  // namespace hpastar
