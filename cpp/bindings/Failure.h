#pragma once
// How a refusal crosses to JavaScript with its status code (contract/Status.h), so that the TypeScript
// layer chooses each Error class by the code and never reads the message to decide.
//
// Exceptions are off (-fno-exceptions), so a failure is a value: the calls that answer a string ("" on
// success) answer a failure as fields joined by kFailureSeparator, "<code>\x1f<message>", and for an
// OutOfMemory status the figures after them: "\x1f<what>\x1f<bytes needed>\x1f<bytes free>\x1f<heap
// bytes>\x1f<heap max>" (HeapReservation.cpp). The calls that answer an object answer { error: message,
// code, figures? } (errorObject). web/lib/errors.ts reads both; the separator is exported with the
// contract (ContractBinding.cpp), not copied.
//
// A string without the separator is a message whose code the binding did not give: the TypeScript layer
// then throws the class its call documents.
#include <emscripten/val.h>

#include <string>
#include <string_view>
#include <vector>

#include "contract/DecimalText.h"
#include "contract/Status.h"

namespace hpastar::bindings {

inline constexpr char kFailureSeparator = '\x1f';

// "<code>\x1f<message>": a failure of `kind` with `details`, as a string-answering call returns it.
inline std::string failure(StatusKind kind, std::string_view message, uint32_t details = 0) {
  return std::to_string(statusOf(kind, details)) + kFailureSeparator + std::string(message);
}

// The fields of a failure string (one field, the message, when it carries no code).
inline std::vector<std::string> failureFields(const std::string& text) {
  std::vector<std::string> fields(1);
  for (char c : text) {
    if (c == kFailureSeparator)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

// { error: message, code, figures? } of a failure string: what an object-answering call returns.
inline emscripten::val errorObject(const std::string& text) {
  const std::vector<std::string> fields = failureFields(text);
  emscripten::val o = emscripten::val::object();
  if (fields.size() == 1) {
    o.set("error", fields[0]);
    return o;
  }
  // The fields are numbers this file wrote (std::to_string of integers).
  const auto number = [](const std::string& field) { return parseDecimal(field).value_or(0); };
  o.set("code", number(fields[0]));
  o.set("error", fields[1]);
  if (fields.size() == 7) {  // OutOfMemory: what, bytes needed, bytes free, heap bytes, heap max
    emscripten::val figures = emscripten::val::object();
    figures.set("what", fields[2]);
    figures.set("bytesNeeded", number(fields[3]));
    figures.set("bytesFree", number(fields[4]));
    figures.set("heapBytes", number(fields[5]));
    figures.set("heapMaxBytes", number(fields[6]));
    o.set("figures", figures);
  }
  return o;
}

// errorObject of a failure of `kind`.
inline emscripten::val errorObject(StatusKind kind, std::string_view message, uint32_t details = 0) {
  return errorObject(failure(kind, message, details));
}

}  // namespace hpastar::bindings
