#pragma once
// A planner's command-line options, read from the declaration of its option struct (OptionSchema.h):
// the tool lists, parses and documents them without naming any.
#include <cstdint>
#include <limits>
#include <set>
#include <span>
#include <string>

#include "cli/CommandLine.h"
#include "cli/JsonObject.h"
#include "contract/OptionSchema.h"

namespace hpastar::cli {

// The options (without "--") that set a field of `Options`.
template <typename Options>
std::set<std::string> optionFlags(std::span<const OptionField<Options>> fields) {
  std::set<std::string> names;
  for (const auto& f : fields)
    if (f.cli) names.insert(f.cli);
  return names;
}

// Those that take no value.
template <typename Options>
std::set<std::string> optionSwitches(std::span<const OptionField<Options>> fields) {
  std::set<std::string> names;
  for (const auto& f : fields)
    if (f.cli && f.kind == OptionKind::Flag) names.insert(f.cli);
  return names;
}

// Sets the fields given on the command line; the others keep their values. Throws UsageError for a
// value of the wrong type or out of the field's range.
template <typename Options>
void readOptionFlags(const CommandLine& cmd, std::span<const OptionField<Options>> fields, Options& o) {
  for (const auto& f : fields) {
    if (!f.cli || !cmd.has(f.cli)) continue;
    switch (f.kind) {
      case OptionKind::Integer:
        f.set(o,
              static_cast<double>(cmd.getInt(f.cli, 0, static_cast<long long>(f.min), static_cast<long long>(f.max))));
        break;
      case OptionKind::Number:
        f.set(o, cmd.getDouble(f.cli, 0, f.min, f.max));
        break;
      case OptionKind::Flag:
        f.set(o, f.switchSets ? 1 : 0);
        break;
      case OptionKind::Choice: {
        const std::string value = cmd.getString(f.cli, "");
        const int choice = optionChoiceIndex(f, value);
        if (choice < 0)
          throw UsageError("--" + std::string(f.cli) + " \"" + value + "\" is not " + optionChoiceNames(f));
        f.set(o, choice);
        break;
      }
    }
  }
}

// One line per option: "  --cluster N   side of a level-1 cluster, in cells (2..1024, default 10)".
template <typename Options>
std::string optionFlagsHelp(std::span<const OptionField<Options>> fields) {
  const Options defaults{};
  std::string text;
  for (const auto& f : fields) {
    if (!f.cli) continue;
    std::string flag = "  --" + std::string(f.cli);
    std::string range;
    if (f.kind == OptionKind::Integer || f.kind == OptionKind::Number) {
      flag += f.kind == OptionKind::Integer ? " N" : " X";
      range = " (" + numberText(f.min) + (f.unbounded() ? " or more" : ".." + numberText(f.max)) +
              ", default " + numberText(f.get(defaults)) + ")";
    } else if (f.kind == OptionKind::Choice) {
      flag += " NAME";
      range = " (default " + std::string(f.choices[static_cast<size_t>(f.get(defaults))]) + ")";
    }
    if (flag.size() < 28) flag.resize(28, ' ');
    text += flag + " " + f.doc + range + "\n";
  }
  return text;
}

// Every field's value as a JSON object keyed by the API's names: what a planner was built with.
template <typename Options>
std::string optionValuesJson(std::span<const OptionField<Options>> fields, const Options& o) {
  JsonObject json;
  for (const auto& f : fields) {
    switch (f.kind) {
      case OptionKind::Integer:
        json.add(f.name, static_cast<int64_t>(f.get(o)));
        break;
      case OptionKind::Number:
        json.add(f.name, f.get(o));
        break;
      case OptionKind::Flag:
        json.add(f.name, f.get(o) != 0);
        break;
      case OptionKind::Choice:
        json.add(f.name, f.choices[static_cast<size_t>(f.get(o))]);
        break;
    }
  }
  return json.str();
}

}  // namespace hpastar::cli
