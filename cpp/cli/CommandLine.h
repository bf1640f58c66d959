#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "contract/CommandTable.h"

namespace hpastar::cli {

// Thrown for bad command lines; main() prints the message and exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The message for "--switch=value": switches take no value (whatever the value, it read as "on").
std::string switchValueError(const std::string& name, const std::string& value);

// The native tool's command `name` in the command table (a name the tool does not have is its own
// mistake: std::logic_error).
const CommandSpec& nativeCommand(const char* name);

// "  --passes N" and its doc, the name at `indent` and the doc from column `width`, with the range and
// the default: "(1..1000, default 1)", "(0 or more, default 1)", "(default astar)"; a default outside
// the range means "not given" and is not shown.
std::string flagHelp(const CommandFlag& f, const std::string& indent, size_t width);

// The help of the native tool's commands, from the table: per command its synopsis, what it does and
// its own flags (their range and default).
std::string commandsHelp();

// "--name value" or "--name=value" options and "--flag" switches after a subcommand ("-o FILE" is
// "--out FILE"), plus positional arguments. A switch given a value ("--no-smooth=no") is a UsageError.
// The command's own flags, their defaults and ranges are its entry of the command table
// (contract/CommandTable.h); a planner's options are read by name with their option table's ranges.
class CommandLine {
 public:
  // The arguments after argv[1], the command `spec`. `plannerSwitches` are the planner's options that
  // take no value, beside the command's switches; every other "--x" takes the next argument (or the
  // text after "=").
  CommandLine(int argc, char** argv, const CommandSpec& spec, const std::set<std::string>& plannerSwitches = {});

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
  std::string getString(const std::string& name, const std::string& fallback) const;
  long long getInt(const std::string& name, long long fallback, long long min, long long max) const;
  double getDouble(const std::string& name, double fallback, double min, double max) const;

  // The command's own flags, with the table's default when left out and its range when given.
  long long integer(const std::string& name) const;
  double number(const std::string& name) const;
  std::string text(const std::string& name) const;
  // A flag of planner `algo` beyond its option table (the algorithm table's: --size, --smoothing-range).
  long long plannerInteger(const std::string& algo, const std::string& name) const;

  // Throws UsageError naming the first option given that is neither the command's nor in `plannerOptions`;
  // then, for an option given last without its value, "unknown option" or "needs a value".
  void rejectUnknown(const std::set<std::string>& plannerOptions = {}) const;

 private:
  const CommandFlag& flag(const std::string& name, FlagKind kind) const;

  const CommandSpec& spec_;
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::string valueMissing_;  // an option given last without its value (see rejectUnknown)
};

}  // namespace hpastar::cli
