#include "io/SectionedFormat.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hpastar {
namespace {

uint64_t readLittleEndian(std::span<const uint8_t> bytes, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(bytes[at + i]) << (8 * i);
  return v;
}

// A tag as the errors print it: its ASCII characters, any other byte as \xNN.
std::string printableTag(std::span<const uint8_t> raw) {
  std::string out;
  for (uint8_t c : raw) {
    if (c == 0) break;
    if (c >= 0x20 && c < 0x7F && c != '\'') {
      out += static_cast<char>(c);
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace

uint64_t fnv1a64(std::span<const uint8_t> bytes) {
  uint64_t h = 14695981039346656037ull;
  for (uint8_t b : bytes) {
    h ^= b;
    h *= 1099511628211ull;
  }
  return h;
}

std::string groupedNumber(uint64_t value) {
  std::string digits = std::to_string(value), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void SectionedWriter::add(std::string_view tag, bool required, std::vector<uint8_t> bytes) {
  specs_.push_back(SectionSpec{std::string(tag), required});
  bytes_.push_back(std::move(bytes));
}

std::vector<uint8_t> SectionedWriter::finish(std::span<const char, 8> magic, uint32_t version) const {
  return writeSectioned(magic, version, specs_, [&](auto& out, size_t k) { out.raw(bytes_[k]); });
}

void writeSectionedHeader(SectionBytes& out, std::span<const char, 8> magic, uint32_t version,
                          std::span<const SectionSpec> specs, std::span<const uint64_t> lengths) {
  for (char c : magic) out.u8(static_cast<uint8_t>(c));
  out.u32(version);
  out.u32(static_cast<uint32_t>(specs.size()));
  uint64_t offset = kSectionedHeaderBytes + kSectionEntryBytes * specs.size();
  for (size_t k = 0; k < specs.size(); ++k) {
    const std::string& tag = specs[k].tag;
    for (size_t i = 0; i < kSectionTagBytes; ++i) out.u8(i < tag.size() ? static_cast<uint8_t>(tag[i]) : 0);
    out.u32(specs[k].required ? kSectionRequired : 0u);
    out.u32(0);
    out.u64(offset);
    out.u64(lengths[k]);
    out.u64(0);  // the checksum, once the section is written (sealSection)
    offset += lengths[k];
  }
}

void sectionedWriteFailed(const char* what, size_t index, uint64_t counted, uint64_t written) {
  // fputs, not fprintf: printf would bring its floating-point formatting into the wasm for this one line.
  const std::string message = "hpastar: sectioned writer: " + std::string(what) + " " + std::to_string(index) +
                              ": counted " + std::to_string(counted) + " bytes, wrote " + std::to_string(written) +
                              "\n";
  std::fputs(message.c_str(), stderr);
  std::abort();
}

template <>
void ByteSink<false>::grow(size_t n) {
  if (sized_) sectionedWriteFailed("write past the counted length at byte", length, bytes.size(), length + n);
  bytes.resize(length + n);
}

void sealSection(SectionBytes& out, size_t index, size_t start) {
  const uint64_t sum = fnv1a64(std::span<const uint8_t>(out.bytes).subspan(start, out.length - start));
  const size_t at = kSectionedHeaderBytes + kSectionEntryBytes * index + 32;
  for (size_t i = 0; i < 8; ++i) out.bytes[at + i] = static_cast<uint8_t>(sum >> (8 * i));
}

bool SectionedFile::hasMagic(std::span<const uint8_t> bytes, std::span<const char, 8> magic) {
  return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

std::optional<SectionedFile> SectionedFile::read(std::span<const uint8_t> bytes, std::span<const char, 8> magic,
                                                 std::string_view what, uint32_t oldest, uint32_t newest,
                                                 std::string& error) {
  const std::string size = " (" + groupedNumber(bytes.size()) + " bytes)";
  if (!hasMagic(bytes, magic)) {
    error = "not " + std::string(what) + ": the first 8 bytes are not its magic \"" +
            printableTag({reinterpret_cast<const uint8_t*>(magic.data()), magic.size()}) + "\"";
    return std::nullopt;
  }
  if (bytes.size() < kSectionedHeaderBytes) {
    error = std::string(what) + " ends inside its header" + size;
    return std::nullopt;
  }
  SectionedFile file;
  file.version_ = static_cast<uint32_t>(readLittleEndian(bytes, 8, 4));
  if (file.version_ < oldest || file.version_ > newest) {
    error = std::string(what) + " at byte 8: format version " + std::to_string(file.version_) +
            " is not one this reader knows (" + std::to_string(oldest) + ".." + std::to_string(newest) + ")";
    return std::nullopt;
  }
  const uint64_t count = readLittleEndian(bytes, 12, 4);
  const uint64_t tableEnd = kSectionedHeaderBytes + count * kSectionEntryBytes;
  if (tableEnd > bytes.size()) {
    error = std::string(what) + " at byte 12: section count " + groupedNumber(count) + " needs a table of " +
            groupedNumber(tableEnd) + " bytes, past the end" + size;
    return std::nullopt;
  }
  uint64_t expected = tableEnd;  // sections follow the table and each other, in the table's order
  for (uint64_t k = 0; k < count; ++k) {
    const size_t at = static_cast<size_t>(kSectionedHeaderBytes + k * kSectionEntryBytes);
    Section s;
    s.tag = printableTag(bytes.subspan(at, kSectionTagBytes));
    const uint32_t flags = static_cast<uint32_t>(readLittleEndian(bytes, at + 8, 4));
    s.required = (flags & kSectionRequired) != 0;
    s.offset = readLittleEndian(bytes, at + 16, 8);
    const uint64_t length = readLittleEndian(bytes, at + 24, 8);
    const uint64_t checksum = readLittleEndian(bytes, at + 32, 8);
    const std::string where = "section '" + s.tag + "' at byte " + groupedNumber(at) + ": ";
    const uint32_t reserved = static_cast<uint32_t>(readLittleEndian(bytes, at + 12, 4));
    if (s.tag.empty())
      error = where + "empty tag";
    else if ((flags & ~kSectionRequired) != 0 || reserved != 0)
      error = where + "flags " + std::to_string(flags) + " and reserved " + std::to_string(reserved) +
              " are not what this format version writes (flags 0 or 1, reserved 0)";
    else if (file.find(s.tag))
      error = where + "tag repeated";
    else if (s.offset != expected)
      error = where + "offset " + groupedNumber(s.offset) + " is not where the section before ends (" +
              groupedNumber(expected) + ")";
    else if (length > bytes.size() - s.offset)
      error = where + "length " + groupedNumber(length) + " runs past the end" + size;
    if (!error.empty()) return std::nullopt;
    s.bytes = bytes.subspan(static_cast<size_t>(s.offset), static_cast<size_t>(length));
    if (fnv1a64(s.bytes) != checksum) {
      error = "section '" + s.tag + "' at byte " + groupedNumber(s.offset) +
              ": checksum differs (the bytes were damaged or changed)";
      return std::nullopt;
    }
    expected = s.offset + length;
    file.sections_.push_back(std::move(s));
  }
  if (expected != bytes.size()) {
    error = std::string(what) + " at byte " + groupedNumber(expected) + ": " + groupedNumber(bytes.size() - expected) +
            " bytes after the last section";
    return std::nullopt;
  }
  return file;
}

const Section* SectionedFile::find(std::string_view tag) const {
  for (const Section& s : sections_)
    if (s.tag == tag) return &s;
  return nullptr;
}

std::string SectionedFile::checkKnown(std::span<const std::string_view> known) const {
  for (const Section& s : sections_) {
    if (!s.required || std::find(known.begin(), known.end(), s.tag) != known.end()) continue;
    std::string names;
    for (std::string_view k : known) names += (names.empty() ? "" : ", ") + std::string(k);
    return "section '" + s.tag + "' at byte " + groupedNumber(s.offset) +
           ": a required section this reader does not know (it knows " + names + ")";
  }
  return "";
}

float SectionReader::f32() {
  const uint32_t u = u32();
  float v;
  std::memcpy(&v, &u, 4);
  return v;
}

double SectionReader::f64() {
  const uint64_t u = u64();
  double v;
  std::memcpy(&v, &u, 8);
  return v;
}

std::span<const uint8_t> SectionReader::raw(size_t n) {
  if (!ok() || section_.bytes.size() - pos_ < n) {
    fail(groupedNumber(n) + " bytes run past the section's end (" + groupedNumber(section_.bytes.size() - pos_) +
         " left)");
    return {};
  }
  const std::span<const uint8_t> v = section_.bytes.subspan(pos_, n);
  pos_ += n;
  return v;
}

uint32_t SectionReader::count(size_t itemBytes, std::string_view what) {
  const uint64_t at = offset();
  const uint32_t n = u32();
  if (!ok()) return 0;
  const uint64_t needs = static_cast<uint64_t>(n) * itemBytes;
  if (needs > section_.bytes.size() - pos_) {
    error_ = "section '" + section_.tag + "' at byte " + groupedNumber(at) + ": " + std::string(what) + " " +
             groupedNumber(n) + " needs " + groupedNumber(needs) + " bytes, " +
             groupedNumber(section_.bytes.size() - pos_) + " are left";
    return 0;
  }
  return n;
}

bool SectionReader::fail(const std::string& problem) { return fail(problem, offset()); }

bool SectionReader::fail(const std::string& problem, uint64_t at) {
  if (error_.empty()) error_ = "section '" + section_.tag + "' at byte " + groupedNumber(at) + ": " + problem;
  return false;
}

bool SectionReader::finish() {
  if (ok() && !atEnd())
    fail(groupedNumber(section_.bytes.size() - pos_) + " bytes left over after what the section holds");
  return ok();
}

uint64_t SectionReader::refuse(std::string_view what) {
  if (ok())
    fail(std::string(what) + " runs past the section's end (" + groupedNumber(section_.bytes.size() - pos_) +
         " bytes left)");
  return 0;
}

}  // namespace hpastar
