#pragma once
// Decimal text of doubles, both ways, exactly as the C library's strtod and printf's %.Nf and %.Ng
// write and read it (correctly rounded, ties to even), without them: in the WebAssembly module,
// strtod and printf's floating-point formatting pull about 20 KB of code (their 128-bit long double
// arithmetic among it), and Emscripten 3.1.6's libc++ has no floating-point from_chars / to_chars.
// Neither is on a hot path (options, messages, scenario files): they work on exact big integers.
#include <optional>
#include <string>
#include <string_view>

namespace hpastar {

// A plain decimal number: an optional sign, digits with an optional point (one digit at least, on
// either side), an optional exponent (e or E, an optional sign, digits). No spaces, no hexadecimal, no
// "inf" or "nan". The double nearest its value (ties to even; a value below half the smallest
// subnormal is zero, one past the largest double infinite, as strtod gives them); nullopt when the text
// is no such number.
std::optional<double> parseDecimal(std::string_view text);

// printf("%.*f", decimals, value): `decimals` (0..40) digits after the point, the exact value rounded
// (ties to even); "inf", "-inf", "nan" as printf writes them.
std::string fixedText(double value, int decimals);

// A number as messages write it: an integer without a fraction ("3"), others as std::to_string writes
// them ("0.050000").
std::string numberText(double value);

// printf("%.*g", significant, value): `significant` (1..40) digits, fixed or with an exponent as %g
// chooses, trailing zeros dropped.
std::string generalText(double value, int significant);

}  // namespace hpastar
