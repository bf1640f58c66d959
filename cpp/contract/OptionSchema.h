#pragma once
// One declaration per option: its name, its label in messages, its command-line flag, its kind, range
// and documentation, beside the struct it fills (HierarchyOptions, ShpaOptions). Validation, both
// command-line tools, the wasm module's option objects and the TypeScript package read these tables
// (its option types and checks are generated from them: scripts/generate-contract.mjs); none of them
// lists an option again.
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>

#include "contract/DecimalText.h"
#include "contract/EnumNames.h"

namespace hpastar {

enum class OptionKind : uint8_t {
  Integer,  // int32_t member, inclusive range
  Number,   // double member, inclusive range
  Flag,     // bool member
  Choice,   // an enum member stored as uint8_t values 0..choices.size()-1, named by `choices`
};

inline const char* optionKindName(OptionKind kind) {
  static constexpr std::array<const char*, 4> kNames = {"integer", "number", "boolean", "choice"};
  static_assert(kNames.size() == static_cast<size_t>(OptionKind::Choice) + 1);
  return enumName(kind, kNames);
}

template <typename Options>
struct OptionField {
  const char* name;   // in the API and the module: "clusterSize"
  const char* label;  // in messages: "cluster size"
  // The command-line option without "--" (nullptr: not on the command line). A flag's switch sets the
  // member to `switchSets` ("--cache-paths" sets true, "--no-prune" sets false).
  const char* cli;
  const char* doc;  // one line, for --help and the module's schema
  // More for the API reference (the package's generated TSDoc), when one line is not enough: what the
  // option costs, when to use it. nullptr: the reference says `doc`, the range and the default.
  const char* details = nullptr;
  OptionKind kind;
  double min = 0;  // Integer, Number: inclusive range; max at the type's limit means "no upper bound"
  double max = 0;
  int32_t Options::*integer = nullptr;
  double Options::*number = nullptr;
  bool Options::*flag = nullptr;
  bool switchSets = true;
  // Whether a saved hierarchy keeps the value (the serializers write and read the stored fields in table
  // order, writeStoredOptions below); false for what only steers a build or a choice (a memory budget).
  bool stored = true;
  std::span<const char* const> choices = {};
  uint8_t (*choiceOf)(const Options&) = nullptr;
  void (*setChoice)(Options&, uint8_t) = nullptr;

  // The value as a number (a flag is 0 or 1, a choice its index).
  double get(const Options& o) const {
    switch (kind) {
      case OptionKind::Integer:
        return o.*integer;
      case OptionKind::Number:
        return o.*number;
      case OptionKind::Flag:
        return (o.*flag) ? 1 : 0;
      case OptionKind::Choice:
        return choiceOf(o);
    }
    return 0;
  }
  // Sets the value from a number that fits the kind (the caller has checked the type, not the range).
  void set(Options& o, double v) const {
    switch (kind) {
      case OptionKind::Integer:
        o.*integer = static_cast<int32_t>(v);
        break;
      case OptionKind::Number:
        o.*number = v;
        break;
      case OptionKind::Flag:
        o.*flag = v != 0;
        break;
      case OptionKind::Choice:
        setChoice(o, static_cast<uint8_t>(v));
        break;
    }
  }
  bool unbounded() const { return max >= static_cast<double>(std::numeric_limits<int32_t>::max()); }
};

// The words of one option, whatever its kind: name, label, command-line flag (nullptr: none), the
// one-line doc and, when one line is not enough, the details. The makers below add the kind's part, so
// that a table row says only what differs from its neighbours.
struct OptionText {
  const char* name;
  const char* label;
  const char* cli;
  const char* doc;
  const char* details = nullptr;
};

template <typename Options>
OptionField<Options> optionOfKind(const OptionText& t, OptionKind kind) {
  return {.name = t.name, .label = t.label, .cli = t.cli, .doc = t.doc, .details = t.details, .kind = kind};
}

// An int32_t member (Integer) or a double one (Number), in the inclusive range min..max.
template <typename Options, typename Value>
OptionField<Options> rangeOption(const OptionText& t, Value Options::*member, double min, double max) {
  static_assert(std::is_same_v<Value, int32_t> || std::is_same_v<Value, double>);
  constexpr bool kInteger = std::is_same_v<Value, int32_t>;
  OptionField<Options> f = optionOfKind<Options>(t, kInteger ? OptionKind::Integer : OptionKind::Number);
  f.min = min;
  f.max = max;
  if constexpr (kInteger)
    f.integer = member;
  else
    f.number = member;
  return f;
}

// `switchSets`: what the command-line switch sets ("--no-prune" sets false).
template <typename Options>
OptionField<Options> flagOption(const OptionText& t, bool Options::*member, bool switchSets = true) {
  OptionField<Options> f = optionOfKind<Options>(t, OptionKind::Flag);
  f.flag = member;
  f.switchSets = switchSets;
  return f;
}

// An enum member stored as its index among `choices`; the accessors are made from the member pointer.
template <typename Member>
struct OptionMemberOf;
template <typename Options, typename Value>
struct OptionMemberOf<Value Options::*> {
  using Struct = Options;
  using Type = Value;
};

template <auto Member, typename Options = typename OptionMemberOf<decltype(Member)>::Struct>
OptionField<Options> choiceOption(const OptionText& t, std::span<const char* const> choices) {
  using Enum = typename OptionMemberOf<decltype(Member)>::Type;
  OptionField<Options> f = optionOfKind<Options>(t, OptionKind::Choice);
  f.choices = choices;
  f.choiceOf = [](const Options& o) { return static_cast<uint8_t>(o.*Member); };
  f.setChoice = [](Options& o, uint8_t v) { o.*Member = static_cast<Enum>(v); };
  return f;
}

// The same row, not saved with a hierarchy (OptionField::stored).
template <typename Options>
OptionField<Options> notStored(OptionField<Options> f) {
  f.stored = false;
  return f;
}

// The stored fields' values in table order, little-endian: an Integer as 4 bytes, a Number as 8, a
// Flag or a Choice as 1. Writer: u8, i32, f64 (the serializers' byte writers).
template <typename Options, typename Writer>
void writeStoredOptions(const Options& o, std::span<const OptionField<Options>> fields, Writer& w) {
  for (const OptionField<Options>& f : fields) {
    if (!f.stored) continue;
    if (f.kind == OptionKind::Integer)
      w.i32(o.*f.integer);
    else if (f.kind == OptionKind::Number)
      w.f64(o.*f.number);
    else
      w.u8(static_cast<uint8_t>(f.get(o)));
  }
}

// Reads the first `count` stored fields as writeStoredOptions wrote them (an older format stored fewer:
// the others keep their defaults). Values are not checked here: the caller validates the options.
template <typename Options, typename Reader>
void readStoredOptions(Options& o, std::span<const OptionField<Options>> fields, size_t count, Reader& r) {
  for (const OptionField<Options>& f : fields) {
    if (!f.stored) continue;
    if (count-- == 0) return;
    if (f.kind == OptionKind::Integer)
      o.*f.integer = r.i32();
    else if (f.kind == OptionKind::Number)
      o.*f.number = r.f64();
    else
      f.set(o, r.u8());
  }
}

// How many fields a table stores (the serializers check it against their format's count).
template <typename Options>
size_t storedOptionCount(std::span<const OptionField<Options>> fields) {
  size_t n = 0;
  for (const OptionField<Options>& f : fields) n += f.stored ? 1 : 0;
  return n;
}

// A choice field's names as messages list them: "euclidean or octile", "a, b or c".
template <typename Options>
std::string optionChoiceNames(const OptionField<Options>& f) {
  std::string names;
  for (size_t i = 0; i < f.choices.size(); ++i)
    names += (i == 0 ? "" : i + 1 == f.choices.size() ? " or " : ", ") + std::string(f.choices[i]);
  return names;
}

// The index of `name` among a choice field's names, or -1.
template <typename Options>
int optionChoiceIndex(const OptionField<Options>& f, const std::string& name) {
  for (size_t i = 0; i < f.choices.size(); ++i)
    if (name == f.choices[i]) return static_cast<int>(i);
  return -1;
}

// The range checks of every field: "" or "<label> <value> is outside <min>..<max>" (or "is below
// <min>" when there is no upper bound) for the first field out of range.
template <typename Options>
std::string checkOptionRanges(const Options& o, std::span<const OptionField<Options>> fields) {
  for (const OptionField<Options>& f : fields) {
    if (f.kind == OptionKind::Flag) continue;
    const double v = f.get(o);
    if (f.kind == OptionKind::Choice) {
      if (v >= static_cast<double>(f.choices.size())) return std::string(f.label) + " " + numberText(v) + " is unknown";
      continue;
    }
    if (!(v >= f.min && v <= f.max)) {
      const std::string value = std::string(f.label) + " " + numberText(v);
      if (f.unbounded()) return value + " is below " + numberText(f.min);
      return value + " is outside " + numberText(f.min) + ".." + numberText(f.max);
    }
  }
  return "";
}

}  // namespace hpastar
