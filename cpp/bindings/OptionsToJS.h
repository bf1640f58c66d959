#pragma once
// Option structs to and from JavaScript objects, field by field from their declaration
// (contract/OptionSchema.h): no option is named here.
#include <emscripten/val.h>

#include <span>
#include <string>

#include "contract/OptionSchema.h"

namespace hpastar::bindings {

// A field's value as JavaScript: a number, a boolean, or a choice's name.
template <typename Options>
emscripten::val optionValueToJS(const OptionField<Options>& f, const Options& o) {
  const double v = f.get(o);
  if (f.kind == OptionKind::Flag) return emscripten::val(v != 0);
  if (f.kind == OptionKind::Choice) return emscripten::val(std::string(f.choices[static_cast<size_t>(v)]));
  return emscripten::val(v);
}

// { name: value } for every field.
template <typename Options>
emscripten::val optionsToJS(const Options& o) {
  emscripten::val v = emscripten::val::object();
  for (const auto& f : Options::fields()) v.set(f.name, optionValueToJS(f, o));
  return v;
}

// Reads the fields present in a JS object (the TypeScript layer has checked their types; missing
// fields keep their values). "" or the problem (a choice that is not one); ranges are the caller's
// to check, with Options::validate().
template <typename Options>
std::string optionsFromJS(const emscripten::val& v, Options& o) {
  for (const auto& f : Options::fields()) {
    const emscripten::val field = v[f.name];
    if (field.isUndefined()) continue;
    switch (f.kind) {
      case OptionKind::Integer:
      case OptionKind::Number:
        f.set(o, field.as<double>());
        break;
      case OptionKind::Flag:
        f.set(o, field.as<bool>() ? 1 : 0);
        break;
      case OptionKind::Choice: {
        const std::string name = field.isString() ? field.as<std::string>() : "";
        const int choice = optionChoiceIndex(f, name);
        if (choice < 0) return std::string(f.label) + " \"" + name + "\" is not " + optionChoiceNames(f);
        f.set(o, choice);
        break;
      }
    }
  }
  return "";
}

// The declaration itself: [{ name, label, cli, doc, details, kind, min, max, switchSets, choices, default }].
template <typename Options>
emscripten::val optionFieldsToJS() {
  const Options defaults{};
  emscripten::val list = emscripten::val::array();
  for (const auto& f : Options::fields()) {
    emscripten::val d = emscripten::val::object();
    d.set("name", std::string(f.name));
    d.set("label", std::string(f.label));
    d.set("cli", f.cli ? emscripten::val(std::string(f.cli)) : emscripten::val::null());
    d.set("doc", std::string(f.doc));
    d.set("details", f.details ? emscripten::val(std::string(f.details)) : emscripten::val::null());
    d.set("kind", std::string(optionKindName(f.kind)));
    d.set("min", f.min);
    d.set("max", f.max);
    d.set("switchSets", f.switchSets);
    emscripten::val choices = emscripten::val::array();
    for (const char* c : f.choices) choices.call<void>("push", std::string(c));
    d.set("choices", choices);
    d.set("default", optionValueToJS(f, defaults));
    list.call<void>("push", d);
  }
  return list;
}

}  // namespace hpastar::bindings
