#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace hpastar::cli {

// Thrown for bad command lines; main() prints the message and exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The message for "--switch=value": switches take no value (whatever the value, it read as "on").
std::string switchValueError(const std::string& name, const std::string& value);

// "--name value" or "--name=value" options and "--flag" switches after a subcommand, plus positional
// arguments. A switch given a value ("--no-smooth=no") is a UsageError.
class CommandLine {
 public:
  // `switches` are the options that take no value; every other "--x" takes the next argument (or the
  // text after "=").
  CommandLine(int argc, char** argv, int first, const std::set<std::string>& switches);

  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> get(const std::string& name) const;
  std::string getString(const std::string& name, const std::string& fallback) const;
  long long getInt(const std::string& name, long long fallback, long long min, long long max) const;
  double getDouble(const std::string& name, double fallback, double min, double max) const;

  // Throws UsageError naming the first option given that is not in `known`.
  void rejectUnknown(const std::set<std::string>& known) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

}  // namespace hpastar::cli
