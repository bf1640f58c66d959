#include "io/TextFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hpastar {

bool readTextFile(const std::string& path, size_t maxBytes, const char* kind, std::string& text, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  text.clear();
  char buf[1 << 16];
  size_t n;
  bool tooLarge = false;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (n > maxBytes - text.size()) {
      tooLarge = true;
      break;
    }
    text.append(buf, n);
  }
  const bool bad = !tooLarge && std::ferror(f) != 0;
  std::fclose(f);
  if (tooLarge) {
    text.clear();
    text.shrink_to_fit();
    error = path + ": larger than " + std::to_string(maxBytes) + " bytes, the limit for a " + kind + " file";
    return false;
  }
  if (bad) {
    error = path + ": read error";
    return false;
  }
  return true;
}

}  // namespace hpastar
