#include "io/TextFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hpastar {

bool readTextFile(const std::string& path, std::string& text, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  text.clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  const bool bad = std::ferror(f) != 0;
  std::fclose(f);
  if (bad) {
    error = path + ": read error";
    return false;
  }
  return true;
}

}  // namespace hpastar
