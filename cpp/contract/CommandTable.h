#pragma once
// The commands of both command-line tools, the native `hpa` and the package's `npx hpastar`, each with
// its own flags (kind, default, range, help), declared once, and the planners of --algo with their flags. The native
// tool parses its command lines and prints its help from this table; the wasm module exports it and
// scripts/generate-contract.mjs writes it into web/lib/generated/contract.ts, from which the package's tool does the
// same. A planner's options are not here: they are its option table's (OptionSchema.h), which every command that builds
// a planner takes as well.
#include <cstdint>
#include <span>
#include <string_view>

namespace hpastar {

// Which tools have a command or a flag (a bit each).
enum CommandTools : uint8_t {
  kNativeTool = 1,   // hpa
  kPackageTool = 2,  // npx hpastar
  kBothTools = 3,
};

enum class FlagKind : uint8_t {
  Integer,  // a whole number in [min, max]
  Number,   // a finite number in [min, max]
  Switch,   // no value: given, it is on
  Text,     // any text (a file, a name, a size)
};

// "integer", "number", "switch", "text": as the module and the generated TypeScript name them.
const char* flagKindName(FlagKind kind);

struct CommandFlag {
  const char* name;  // without "--": "min-bucket"
  FlagKind kind;
  const char* value;        // its placeholder in the help ("N", "FILE"); "" for a switch
  const char* doc;          // one line for the help
  double min = 0, max = 0;  // Integer, Number: the inclusive range of a value given
  // Integer, Number: the value when left out (it may lie outside the range: "none", such as --threads 0)
  double fallback = 0;
  const char* text = "";  // Text: the value when left out
  uint8_t tools = kBothTools;
};

struct CommandSpec {
  const char* name;
  uint8_t tools;
  const char* operand;  // the positional argument ("FILE.map.scen"), "" for none
  const char* doc;      // what it does, in lines of at most 100 characters (each tool indents them)
  std::span<const CommandFlag> flags;
};

// The largest agent side, grid/Agent.h's kMaxAgentSize (this layer sees no grid:
// cli/AnnotatedToolPlanner.cpp asserts that the two are equal).
inline constexpr int32_t kAgentSizeFlagMax = 8;

// A planner of --algo: the option table it takes on the command line ("hierarchy", "shpa", "haa", as the
// module's hierarchyOptionFields()... name them; "" for none) and its flags beyond that table.
struct AlgorithmSpec {
  const char* name;
  const char* doc;  // one line for the help
  const char* optionTable;
  std::span<const CommandFlag> flags;
  const char* notTaken = "";  // a flag of its option table that it does not take ("" for none)
};

// Every command, in the order the help lists them.
std::span<const CommandSpec> commandTable();

// Every planner of --algo, in the order the help lists them.
std::span<const AlgorithmSpec> algorithmTable();

// The planner named `name`, or nullptr.
const AlgorithmSpec* findAlgorithm(std::string_view name);

// The command named `name` that `tool` has, or nullptr.
const CommandSpec* findCommand(std::string_view name, uint8_t tool);

// The flag named `name` among `flags` (a command's or a planner's) that `tool` has, or nullptr.
const CommandFlag* findFlag(std::span<const CommandFlag> flags, std::string_view name, uint8_t tool);

}  // namespace hpastar
