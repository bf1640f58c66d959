#pragma once
#include <cstddef>
#include <string>

namespace hpastar {

// Reads a whole file of at most `maxBytes` bytes (see FileLimits.h), stopping as soon as it reads more,
// so that a device or an endless file cannot fill memory. On failure returns false and sets `error` to
// "<path>: <reason>"; `kind` names the file in the size message ("<path>: larger than N bytes, the
// limit for a map file").
bool readTextFile(const std::string& path, size_t maxBytes, const char* kind, std::string& text, std::string& error);

}  // namespace hpastar
