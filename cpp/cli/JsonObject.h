#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace hpastar::cli {

// Builds one flat JSON object, keys in insertion order (the tool's output is read by scripts and people).
class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view value) {
    std::string v = "\"";
    for (char c : value) {
      if (c == '"' || c == '\\') v += '\\';
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        v += buf;
        continue;
      }
      v += c;
    }
    return raw(key, v + "\"");
  }
  JsonObject& add(std::string_view key, const char* value) { return add(key, std::string_view(value)); }
  JsonObject& add(std::string_view key, bool value) { return raw(key, value ? "true" : "false"); }
  JsonObject& add(std::string_view key, int64_t value) { return raw(key, std::to_string(value)); }
  JsonObject& add(std::string_view key, uint64_t value) { return raw(key, std::to_string(value)); }
  JsonObject& add(std::string_view key, int value) { return raw(key, std::to_string(value)); }
  JsonObject& add(std::string_view key, double value) {
    if (!std::isfinite(value)) return raw(key, "null");
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.10g", value);
    return raw(key, buf);
  }
  JsonObject& raw(std::string_view key, std::string_view json) {
    text_ += text_.empty() ? "{" : ",";
    text_ += "\"";
    text_ += key;
    text_ += "\":";
    text_ += json;
    return *this;
  }
  std::string str() const { return text_.empty() ? "{}" : text_ + "}"; }
  // The members without the braces, to be spliced into another object (ToolPlanner::buildStatsJson).
  std::string members() const { return text_.empty() ? "" : text_.substr(1); }

 private:
  std::string text_;
};

}  // namespace hpastar::cli
