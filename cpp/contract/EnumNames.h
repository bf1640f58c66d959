#pragma once
// The names of an enum's values, one table per enum instead of a switch per enum.
#include <array>
#include <cstddef>

namespace hpastar {

// The name of `value` in `names`, whose entries follow the enumerators 0, 1, 2, ... in order; `outside`
// for a value past the table. Each table sits beside a static_assert that it names every enumerator.
template <typename Enum, size_t N>
constexpr const char* enumName(Enum value, const std::array<const char*, N>& names, const char* outside = "unknown") {
  const auto i = static_cast<size_t>(value);
  return i < N ? names[i] : outside;
}

}  // namespace hpastar
