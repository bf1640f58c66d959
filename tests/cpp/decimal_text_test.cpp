// DecimalText against the C library it stands in for: parseDecimal gives strtod's double for every
// decimal text (correctly rounded: the midpoints between doubles written out exactly, the subnormals,
// the largest double and past it), fixedText and generalText printf's %.Nf and %.Ng, on doubles of every magnitude.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "contract/DecimalText.h"

namespace hpastar {
namespace {

std::string printed(const char* format, int precision, double value) {
  char text[2048];
  std::snprintf(text, sizeof text, format, precision, value);
  return text;
}

// strtod's double for a text it reads to its end.
double byStrtod(const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  EXPECT_EQ(end, text.c_str() + text.size()) << text;
  return value;
}

void expectSameDouble(const std::string& text) {
  const std::optional<double> ours = parseDecimal(text);
  const double theirs = byStrtod(text);
  ASSERT_TRUE(ours.has_value()) << text;
  EXPECT_EQ(std::bit_cast<uint64_t>(*ours), std::bit_cast<uint64_t>(theirs)) << text;
}

// Doubles of every magnitude, subnormals among them: random bits, neither infinite nor NaN.
double randomDouble(std::mt19937_64& random) {
  for (;;) {
    const double value = std::bit_cast<double>(random());
    if (std::isfinite(value)) return value;
  }
}

TEST(DecimalText, ParsesDoublesWrittenWithAnyNumberOfDigitsAsStrtodDoes) {
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; ++i) {
    const double value = randomDouble(random);
    for (const int digits : {1, 3, 6, 15, 16, 17, 25}) expectSameDouble(printed("%.*g", digits, value));
    // Near 1: the magnitudes of costs, lengths and options.
    const double near = std::ldexp(static_cast<double>(random() >> 11), -53 + static_cast<int>(random() % 40) - 20);
    for (const int digits : {4, 9, 17}) expectSameDouble(printed("%.*g", digits, near));
  }
}

TEST(DecimalText, RoundsTheMidpointsBetweenDoublesToEvenAndTheirNeighboursAway) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 3000; ++i) {
    const double low = std::fabs(randomDouble(random));
    const double high = std::nextafter(low, std::numeric_limits<double>::infinity());
    if (std::isinf(high)) continue;
    // The midpoint is exact in long double (64 bits of mantissa), and %.800Lg writes it out exactly.
    const long double mid = (static_cast<long double>(low) + static_cast<long double>(high)) / 2;
    char text[1024];
    std::snprintf(text, sizeof text, "%.800Lg", mid);
    const std::string exact = text;
    expectSameDouble(exact);
    // Just above and below it: a digit added, or the last one lowered.
    const size_t e = exact.find('e');
    const std::string mantissa = exact.substr(0, e), exponent = e == std::string::npos ? "" : exact.substr(e);
    const std::string point = mantissa.find('.') == std::string::npos ? "." : "";
    expectSameDouble(mantissa + point + "0000000000000000000001" + exponent);
    std::string below = mantissa;
    const size_t last = below.find_last_of("123456789");
    below[last] = static_cast<char>(below[last] - 1);
    expectSameDouble(below + point + "99999" + exponent);
  }
}

TEST(DecimalText, ParsesTheEdgesOfTheDoubles) {
  for (const char* text : {"0",
                           "-0",
                           "0.0",
                           "+0e10",
                           "1",
                           "-1",
                           "0.1",
                           "1e22",
                           "1e23",
                           "9007199254740993",
                           "9007199254740992.5",
                           "1.7976931348623157e308",
                           "1.7976931348623158e308",
                           "1.797693134862315807e308",
                           "1.7976931348623159e308",
                           "1e309",
                           "4.9406564584124654e-324",
                           "2.4703282292062328e-324",
                           "2.4703282292062327e-324",
                           "2.4703282292062327208828439643411068618252990130716238221279284125033775364e-324",
                           "1e-400",
                           "2.2250738585072011e-308",
                           "2.2250738585072012e-308",
                           "0.000000000000000000000000000000000001e36",
                           "123456789012345678901234567890e-20",
                           "1.",
                           ".5",
                           "-.5e-1",
                           "1E+2",
                           "00012.50",
                           "1e99999999999999999999",
                           "1e-99999999999999999999"})
    expectSameDouble(text);
  // 900 digits: the first 800 kept, the rest only as "something more".
  expectSameDouble("1." + std::string(899, '0') + "1");
  expectSameDouble("9007199254740993" + std::string(890, '0') + "e-890");
  expectSameDouble("9007199254740993" + std::string(890, '0') + "1e-891");
}

TEST(DecimalText, RefusesWhatIsNotAPlainDecimal) {
  for (const char* text : {"", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", "--1", "+-1", " 1", "1 ", "0x10", "inf",
                           "-inf", "nan", "1,5", "1e5.0", "١"})
    EXPECT_FALSE(parseDecimal(text).has_value()) << "'" << text << "'";
}

TEST(DecimalText, WritesFixedAndGeneralTextAsPrintfDoes) {
  std::mt19937_64 random(3);
  for (int i = 0; i < 20000; ++i) {
    const double wide = randomDouble(random);
    const double near = std::ldexp(static_cast<double>(random() >> 11), -53 + static_cast<int>(random() % 60) - 30) *
                        (random() % 2 ? 1 : -1);
    for (const double value : {wide, near}) {
      for (const int significant : {1, 2, 6, 10, 17}) {
        ASSERT_EQ(generalText(value, significant), printed("%.*g", significant, value)) << significant;
      }
      if (std::fabs(value) >= 1e40) continue;
      for (const int decimals : {0, 1, 3, 6, 12})
        ASSERT_EQ(fixedText(value, decimals), printed("%.*f", decimals, value));
    }
  }
  // Ties: the exact value decides, an exact tie goes to the even digit.
  constexpr double kInf = std::numeric_limits<double>::infinity(), kNaN = std::numeric_limits<double>::quiet_NaN();
  for (const double value : {0.5,    1.5,         2.5, 0.125, 0.375, 1e-5,   5e-5,      100000.0, 999999.5, 1e6,
                             0.0001, 123456789.0, 0.0, -0.0,  1e300, 5e-324, -2.5e-310, kInf,     -kInf,    kNaN})
    for (const int precision : {0, 1, 2, 6})
      EXPECT_EQ(fixedText(value, precision), printed("%.*f", precision, value)) << value << " " << precision;
  for (const double value : {0.5, 1.5, 2.5, 0.125, 1e-5, 100000.0, 999999.5, 1e6, 0.0001, 0.0, -0.0, 5e-324, kInf})
    for (const int precision : {1, 2, 6})
      EXPECT_EQ(generalText(value, precision), printed("%.*g", precision, value)) << value << " " << precision;
}

}  // namespace
}  // namespace hpastar
