#include "cli/CommandLine.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace hpastar::cli {

std::string switchValueError(const std::string& name, const std::string& value) {
  return "--" + name + " is a switch and takes no value (found \"" + value + "\"): give --" + name +
         " to turn it on, leave it out to keep the default";
}

CommandLine::CommandLine(int argc, char** argv, int first, const std::set<std::string>& switches) {
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.size() > 2 && arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2), value = "1";
      const size_t eq = name.find('=');
      if (eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        // A switch is on when given and off when left out: "--cache-paths=0" or "--no-smooth=no" would
        // read as the opposite of what they do (both switched the option on), so a value is refused.
        if (switches.count(name)) throw UsageError(switchValueError(name, value));
      } else if (!switches.count(name)) {
        if (i + 1 >= argc) throw UsageError("option --" + name + " needs a value");
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

void CommandLine::rejectUnknown(const std::set<std::string>& known) const {
  for (const auto& [name, value] : values_)
    if (!known.count(name)) throw UsageError("unknown option --" + name);
}

}  // namespace hpastar::cli
