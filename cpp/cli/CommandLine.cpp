#include "cli/CommandLine.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "contract/OptionSchema.h"

namespace hpastar::cli {

std::string switchValueError(const std::string& name, const std::string& value) {
  return "--" + name + " is a switch and takes no value (found \"" + value + "\"): give --" + name +
         " to turn it on, leave it out to keep the default";
}

std::string flagHelp(const CommandFlag& f, const std::string& indent, size_t width) {
  std::string flag = indent + "--" + f.name + (f.kind == FlagKind::Switch ? "" : std::string(" ") + f.value);
  std::string range;
  if (f.kind == FlagKind::Integer || f.kind == FlagKind::Number) {
    const bool unbounded = f.max >= static_cast<double>(std::numeric_limits<int32_t>::max());
    range = unbounded ? numberText(f.min) + " or more" : numberText(f.min) + ".." + numberText(f.max);
    if (f.fallback >= f.min && f.fallback <= f.max) range += ", default " + numberText(f.fallback);
  } else if (f.kind == FlagKind::Text && *f.text) {
    range = std::string("default ") + f.text;
  }
  if (flag.size() < width) flag.resize(width, ' ');
  return flag + " " + f.doc + (range.empty() ? "" : " (" + range + ")") + "\n";
}

std::string commandsHelp() {
  std::string text;
  for (const CommandSpec& c : commandTable()) {
    if (!(c.tools & kNativeTool)) continue;
    text += std::string("  ") + c.name + (*c.operand ? std::string(" ") + c.operand : "") + " [options]\n";
    std::string doc = c.doc;
    for (size_t start = 0; start < doc.size();) {
      const size_t end = std::min(doc.find('\n', start), doc.size());
      text += "      " + doc.substr(start, end - start) + "\n";
      start = end + 1;
    }
    for (const CommandFlag& f : c.flags)
      if (f.tools & kNativeTool) text += flagHelp(f, "      ", 32);
    text += "\n";
  }
  return text;
}

const CommandSpec& nativeCommand(const char* name) {
  const CommandSpec* spec = findCommand(name, kNativeTool);
  if (!spec) throw std::logic_error(std::string("no native command \"") + name + "\" in the command table");
  return *spec;
}

CommandLine::CommandLine(int argc, char** argv, const CommandSpec& spec, const std::set<std::string>& plannerSwitches)
    : spec_(spec) {
  std::set<std::string> switches = plannerSwitches;
  for (const CommandFlag& f : spec.flags)
    if (f.kind == FlagKind::Switch && (f.tools & kNativeTool)) switches.insert(f.name);
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-o") {
      if (i + 1 >= argc) throw UsageError("option -o needs a value");
      values_["out"] = argv[++i];
    } else if (arg.size() > 2 && arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2), value = "1";
      const size_t eq = name.find('=');
      if (eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        // A switch is on when given and off when left out: "--cache-paths=0" or "--no-smooth=no" would
        // read as the opposite of what they do (both switched the option on), so a value is refused.
        if (switches.count(name)) throw UsageError(switchValueError(name, value));
      } else if (!switches.count(name)) {
        // The last argument, with no value: rejectUnknown says whether it is an unknown option or a
        // known one without its value (this table alone cannot tell: planner options come later).
        if (i + 1 >= argc) {
          valueMissing_ = name;
          break;
        }
        value = argv[++i];
      }
      values_[name] = value;
    } else {
      positional_.push_back(arg);
    }
  }
}

std::optional<std::string> CommandLine::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string CommandLine::getString(const std::string& name, const std::string& fallback) const {
  return get(name).value_or(fallback);
}

long long CommandLine::getInt(const std::string& name, long long fallback, long long min, long long max) const {
  auto v = get(name);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno != 0) throw UsageError("--" + name + " \"" + *v + "\" is not an integer");
  if (n < min || n > max)
    throw UsageError("--" + name + " " + *v + " is outside " + std::to_string(min) + ".." + std::to_string(max));
  return n;
}

double CommandLine::getDouble(const std::string& name, double fallback, double min, double max) const {
  auto v = get(name);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || errno != 0 || !std::isfinite(x))
    throw UsageError("--" + name + " \"" + *v + "\" is not a number");
  if (x < min || x > max)
    throw UsageError("--" + name + " " + *v + " is outside " + std::to_string(min) + ".." + std::to_string(max));
  return x;
}

const CommandFlag& CommandLine::flag(const std::string& name, FlagKind kind) const {
  const CommandFlag* f = findFlag(spec_.flags, name, kNativeTool);
  // A flag read but not declared is the tool's own mistake, not the user's.
  if (!f || f->kind != kind)
    throw std::logic_error(std::string("--") + name + " is not a " + flagKindName(kind) + " flag of " + spec_.name +
                           " in the command table");
  return *f;
}

long long CommandLine::integer(const std::string& name) const {
  const CommandFlag& f = flag(name, FlagKind::Integer);
  return getInt(name, static_cast<long long>(f.fallback), static_cast<long long>(f.min), static_cast<long long>(f.max));
}

double CommandLine::number(const std::string& name) const {
  const CommandFlag& f = flag(name, FlagKind::Number);
  return getDouble(name, f.fallback, f.min, f.max);
}

long long CommandLine::plannerInteger(const std::string& algo, const std::string& name) const {
  const AlgorithmSpec* spec = findAlgorithm(algo);
  const CommandFlag* f = spec ? findFlag(spec->flags, name, kNativeTool) : nullptr;
  if (!f || f->kind != FlagKind::Integer)
    throw std::logic_error("--" + name + " is not an integer flag of " + algo + " in the algorithm table");
  return getInt(name, static_cast<long long>(f->fallback), static_cast<long long>(f->min),
                static_cast<long long>(f->max));
}

std::string CommandLine::text(const std::string& name) const {
  return getString(name, flag(name, FlagKind::Text).text);
}

void CommandLine::rejectUnknown(const std::set<std::string>& plannerOptions) const {
  const auto known = [&](const std::string& name) {
    return findFlag(spec_.flags, name, kNativeTool) || plannerOptions.count(name);
  };
  for (const auto& [name, value] : values_)
    if (!known(name)) throw UsageError(name == "out" ? "unknown option -o" : "unknown option --" + name);
  if (valueMissing_.empty()) return;
  if (!known(valueMissing_)) throw UsageError("unknown option --" + valueMissing_);
  throw UsageError("option --" + valueMissing_ + " needs a value");
}

}  // namespace hpastar::cli
