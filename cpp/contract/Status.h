#pragma once
// One status code for every refusal, after Detour's dtStatus: a kind in the high byte says what went
// wrong in a way a caller can act on (and chooses the Error class the TypeScript package throws), detail
// bits below it say more (which endpoint, why). The message stays beside the code, for people: it names
// the call, the field, the value. The module exports these values (bindings/ContractBinding.cpp) and
// scripts/generate-contract.mjs writes them into web/lib/generated/contract.ts.
#include <array>
#include <cstdint>

#include "contract/EnumNames.h"

namespace hpastar {

using Status = uint32_t;

// What kind of refusal a status is. Ok is 0, so that a status of 0 is success.
enum class StatusKind : uint8_t {
  Ok = 0,
  BadArgument = 1,  // an argument of the wrong type or shape (a capability name, a clearance kind)
  OutOfRange = 2,   // a number or option outside what the core takes (a size, a level, a cell)
  OutOfMemory = 3,  // the WebAssembly heap could not grow for the call; nothing was changed
  NoPath = 4,       // a query that cannot be answered: an endpoint is invalid, or no path joins them
  BadBytes = 5,     // input text or bytes that do not parse (a map file, a world, a serialized hierarchy)
  NotReady = 6,     // the object is not built or loaded yet, or holds no such part (DHPA* trees)
  Unsupported = 7,  // the planner does not do this (SHPA* takes no edits)
  Refused = 8,      // any other refusal: the message says why
};

inline constexpr uint8_t kStatusKindCount = 9;

// Detail bits: which endpoint a refusal is about, and why.
enum StatusDetail : uint32_t {
  kStatusStart = 1u << 0,        // about the start
  kStatusGoal = 1u << 1,         // about the goal
  kStatusInvalidCell = 1u << 2,  // the cell is outside the map or one the agent cannot stand on
  kStatusUnreachable = 1u << 3,  // both endpoints are valid but no path joins them
};

inline constexpr uint32_t kStatusKindShift = 24;
inline constexpr uint32_t kStatusDetailMask = (1u << kStatusKindShift) - 1;

constexpr Status statusOf(StatusKind kind, uint32_t details = 0) {
  return static_cast<uint32_t>(kind) << kStatusKindShift | (details & kStatusDetailMask);
}

constexpr StatusKind statusKind(Status status) { return static_cast<StatusKind>(status >> kStatusKindShift); }

constexpr uint32_t statusDetails(Status status) { return status & kStatusDetailMask; }

constexpr bool statusFailed(Status status) { return statusKind(status) != StatusKind::Ok; }

inline const char* statusKindName(StatusKind kind) {
  static constexpr std::array<const char*, kStatusKindCount> kNames = {
      "Ok", "BadArgument", "OutOfRange", "OutOfMemory", "NoPath", "BadBytes", "NotReady", "Unsupported", "Refused"};
  static_assert(kStatusKindCount == static_cast<uint8_t>(StatusKind::Refused) + 1);
  return enumName(kind, kNames);
}

}  // namespace hpastar
