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

// "--name value" options and "--flag" switches after a subcommand, plus positional arguments.
class CommandLine {
 public:
  // `switches` are the options that take no value; every other "--x" takes the next argument.
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
