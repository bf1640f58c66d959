// The command and algorithm tables of both command-line tools (contract/CommandTable.h) as the module
// exports them:
// scripts/generate-contract.mjs writes it into web/lib/generated/contract.ts, from which the package's
// `hpastar` tool parses its command lines and prints its help.
#include <emscripten/bind.h>

#include <span>
#include <string>

#include "bindings/BindingSupport.h"
#include "contract/CommandTable.h"

namespace hpastar::bindings {
namespace {

// { name, kind, value, doc, min, max, default, native, package }: `default` a number for integer and
// number flags, a string for text, false for a switch.
val flagToJS(const CommandFlag& f) {
  val o = val::object();
  o.set("name", std::string(f.name));
  o.set("kind", std::string(flagKindName(f.kind)));
  o.set("value", std::string(f.value));
  o.set("doc", std::string(f.doc));
  o.set("min", f.min);
  o.set("max", f.max);
  if (f.kind == FlagKind::Integer || f.kind == FlagKind::Number)
    o.set("default", f.fallback);
  else if (f.kind == FlagKind::Text)
    o.set("default", std::string(f.text));
  else
    o.set("default", false);
  o.set("native", (f.tools & kNativeTool) != 0);
  o.set("package", (f.tools & kPackageTool) != 0);
  return o;
}

val flagsToJS(std::span<const CommandFlag> flags) {
  val out = val::array();
  for (const CommandFlag& f : flags) out.call<void>("push", flagToJS(f));
  return out;
}

// Every command in help order: { name, operand, doc, native, package, flags }.
val commandTableJS() {
  val commands = val::array();
  for (const CommandSpec& c : commandTable()) {
    val o = val::object();
    o.set("name", std::string(c.name));
    o.set("operand", std::string(c.operand));
    o.set("doc", std::string(c.doc));
    o.set("native", (c.tools & kNativeTool) != 0);
    o.set("package", (c.tools & kPackageTool) != 0);
    o.set("flags", flagsToJS(c.flags));
    commands.call<void>("push", o);
  }
  return commands;
}

// Every planner of --algo: { name, doc, optionTable, notTaken, flags }.
val algorithmTableJS() {
  val algorithms = val::array();
  for (const AlgorithmSpec& a : algorithmTable()) {
    val o = val::object();
    o.set("name", std::string(a.name));
    o.set("doc", std::string(a.doc));
    o.set("optionTable", std::string(a.optionTable));
    o.set("notTaken", std::string(a.notTaken));
    o.set("flags", flagsToJS(a.flags));
    algorithms.call<void>("push", o);
  }
  return algorithms;
}

EMSCRIPTEN_BINDINGS(hpastar_command_table) {
  emscripten::function("commandTable", &commandTableJS);
  emscripten::function("algorithmTable", &algorithmTableJS);
}

}  // namespace
}  // namespace hpastar::bindings
