#pragma once
#include <string>

namespace hpastar {

// Reads a whole file. On failure returns false and sets `error` to "<path>: <reason>".
bool readTextFile(const std::string& path, std::string& text, std::string& error);

}  // namespace hpastar
