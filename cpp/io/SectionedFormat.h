#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hpastar {

// A container of tagged sections, the one binary layout of saved data (issue 34: "one serialization format
// with a section per part, versioned"). Little-endian:
//
//   magic (8 bytes, names the kind of data), format version (u32), section count (u32),
//   then one entry per section: tag (8 bytes, ASCII, zero padded), flags (u32, bit 0: required),
//   reserved (u32, 0), offset (u64, from the start), length (u64), FNV-1a 64 of its bytes (u64),
//   then the sections' bytes, in the table's order, each right after the one before.
//
// A reader looks sections up by tag. A new part of the data is one new section: a reader that does not
// know an optional section skips it; one that does not know a required section refuses the bytes, naming
// it. The checksums catch accidents (truncation, flipped bits), not forgery: what a section holds is
// checked by its reader whatever its checksum.
inline constexpr size_t kSectionTagBytes = 8;
inline constexpr size_t kSectionedHeaderBytes = 16;
inline constexpr size_t kSectionEntryBytes = 40;
inline constexpr uint32_t kSectionRequired = 1;

uint64_t fnv1a64(std::span<const uint8_t> bytes);

// Writes past the end of a ByteSink sized beforehand, or sections whose written length differs from the
// counted one: a writer whose two passes disagree. Prints what and where, then aborts (no exceptions in
// wasm), so a container that would contradict its own table is never returned.
[[noreturn]] void sectionedWriteFailed(const char* what, size_t index, uint64_t counted, uint64_t written);

// Little-endian values written into `bytes` at `length` or, when Counting, only added up in `length`: a
// writer runs its layout once counting and once writing, so the output is allocated once at its final
// size (ByteSink(size)) and every value is stored by position, its bytes in one store, never appended one
// at a time. A sink made with a size never writes past it (the program stops: sectionedWriteFailed); one
// made without grows as it writes.
template <bool Counting>
class ByteSink {
 public:
  std::vector<uint8_t> bytes;  // unless Counting: the bytes written are the first `length`
  size_t length = 0;           // counted, or written so far

  ByteSink() = default;
  // A sink of exactly `size` bytes, written from the first.
  explicit ByteSink(size_t size) : bytes(size), sized_(true) { static_assert(!Counting, "a counter has no bytes"); }

  void u8(uint8_t v) { put(v); }
  void u32(uint32_t v) { put(v); }
  void u64(uint64_t v) { put(v); }
  void i32(int32_t v) { put(static_cast<uint32_t>(v)); }
  // memcpy, not std::bit_cast: Emscripten 3.1.6's libc++ has none.
  void f32(float v) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    put(u);
  }
  void f64(double v) {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    put(u);
  }
  void raw(std::span<const uint8_t> v) {
    if constexpr (Counting) {
      length += v.size();
    } else if (!v.empty()) {
      std::memcpy(next(v.size()), v.data(), v.size());
    }
  }
  // A count (u32), then every item. `each` writes as many bytes for every item of a list, so counting
  // measures the first one only.
  template <typename Range, typename F>
  void list(const Range& v, F each) {
    u32(static_cast<uint32_t>(v.size()));
    if constexpr (Counting) {
      if (v.size() == 0) return;
      const size_t before = length;
      each(*v.begin());
      length += (length - before) * (v.size() - 1);
    } else {
      for (const auto& x : v) each(x);
    }
  }

 private:
  // An unsigned value's little-endian bytes at the cursor: byte stores the compiler merges into one.
  template <typename U>
  void put(U v) {
    if constexpr (Counting) {
      length += sizeof(U);
    } else {
      uint8_t* at = next(sizeof(U));
      for (size_t i = 0; i < sizeof(U); ++i) at[i] = static_cast<uint8_t>(v >> (8 * i));
    }
  }
  // Where the next `n` bytes go, the cursor moved past them.
  uint8_t* next(size_t n) {
    if (bytes.size() - length < n) [[unlikely]]
      grow(n);
    uint8_t* at = bytes.data() + length;
    length += n;
    return at;
  }
  // Room for `n` more bytes: a sized sink stops the program (a write past the counted length).
  void grow(size_t n);
  bool sized_ = false;
};
template <>
void ByteSink<false>::grow(size_t n);
using SectionBytes = ByteSink<false>;

// What the table says of a section besides its place.
struct SectionSpec {
  std::string tag;  // 1 to 8 ASCII characters, unique within the container
  bool required = true;
};

// The header and the table of a container whose sections are `lengths` long (checksums left 0, filled by
// sealSection as each section is written after it).
void writeSectionedHeader(SectionBytes& out, std::span<const char, 8> magic, uint32_t version,
                          std::span<const SectionSpec> specs, std::span<const uint64_t> lengths);
// Fills the checksum of section `index`, whose bytes run from `start` to the end of what `out` holds so far.
void sealSection(SectionBytes& out, size_t index, size_t start);

// How long each section is that `write(sink, k)` puts in a ByteSink, counted without writing.
template <typename Write>
std::vector<uint64_t> sectionLengths(size_t sections, const Write& write) {
  std::vector<uint64_t> lengths(sections);
  for (size_t k = 0; k < sections; ++k) {
    ByteSink<true> counter;
    write(counter, k);
    lengths[k] = counter.length;
  }
  return lengths;
}

// The length of the container writeSectioned writes.
template <typename Write>
uint64_t sectionedSize(size_t sections, const Write& write) {
  uint64_t total = kSectionedHeaderBytes + kSectionEntryBytes * sections;
  for (uint64_t length : sectionLengths(sections, write)) total += length;
  return total;
}

// A container in one allocation: `write(sink, k)` puts section k's bytes in a ByteSink, once counting
// and once writing.
template <typename Write>
std::vector<uint8_t> writeSectioned(std::span<const char, 8> magic, uint32_t version,
                                    std::span<const SectionSpec> specs, const Write& write) {
  const std::vector<uint64_t> lengths = sectionLengths(specs.size(), write);
  uint64_t total = kSectionedHeaderBytes + kSectionEntryBytes * specs.size();
  for (uint64_t length : lengths) total += length;
  SectionBytes out(static_cast<size_t>(total));
  writeSectionedHeader(out, magic, version, specs, lengths);
  for (size_t k = 0; k < specs.size(); ++k) {
    const size_t start = out.length;
    write(out, k);
    if (out.length - start != lengths[k]) sectionedWriteFailed("section written", k, lengths[k], out.length - start);
    sealSection(out, k, start);
  }
  if (out.length != out.bytes.size()) sectionedWriteFailed("container written", specs.size(), total, out.length);
  return std::move(out.bytes);
}

// Collects sections written apart, then writes the container once.
class SectionedWriter {
 public:
  // `tag`: 1 to 8 ASCII characters, unique within the container.
  void add(std::string_view tag, bool required, std::vector<uint8_t> bytes);
  std::vector<uint8_t> finish(std::span<const char, 8> magic, uint32_t version) const;

 private:
  std::vector<SectionSpec> specs_;
  std::vector<std::vector<uint8_t>> bytes_;
};

// One section as the table declares it: checked to lie inside the bytes, after the table, apart from
// every other section, and to match its checksum.
struct Section {
  std::string tag;
  bool required = false;
  uint64_t offset = 0;
  std::span<const uint8_t> bytes;
};

// A read container: header and table checked, nothing of the sections' contents read.
class SectionedFile {
 public:
  // Whether `bytes` start with `magic` (what tells one kind of saved data from another).
  static bool hasMagic(std::span<const uint8_t> bytes, std::span<const char, 8> magic);
  // Nothing, and `error` filled ("section 'edges1' at byte 1,204: length 9,999,999 runs past the end
  // (4,096 bytes)"), when the magic differs, the version is outside oldest..newest, or the table is not
  // one of well-formed, disjoint, checksummed sections within the bytes. `what` names the data in errors.
  static std::optional<SectionedFile> read(std::span<const uint8_t> bytes, std::span<const char, 8> magic,
                                           std::string_view what, uint32_t oldest, uint32_t newest, std::string& error);

  uint32_t version() const { return version_; }
  const std::vector<Section>& sections() const { return sections_; }
  // The section tagged `tag`, or nullptr.
  const Section* find(std::string_view tag) const;
  // "" when every required section's tag is one of `known`, else which is not.
  std::string checkKnown(std::span<const std::string_view> known) const;

 private:
  uint32_t version_ = 0;
  std::vector<Section> sections_;
};

// "1,204": the byte offsets and counts of the errors, grouped by thousands.
std::string groupedNumber(uint64_t value);

// Bounds-checked little-endian reads of one section. After the first failure every read returns 0,
// ok() is false and error() says where and what: "section 'nodes' at byte 1,204: node count 9,999,999
// needs 119,999,988 bytes, 4,096 are left".
class SectionReader {
 public:
  explicit SectionReader(const Section& section) : section_(section) {}
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool atEnd() const { return pos_ == section_.bytes.size(); }
  uint8_t u8() { return static_cast<uint8_t>(take(1, "a byte")); }
  uint16_t u16() { return static_cast<uint16_t>(take(2, "a 16-bit value")); }
  uint32_t u32() { return static_cast<uint32_t>(take(4, "a 32-bit value")); }
  uint64_t u64() { return take(8, "a 64-bit value"); }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  float f32();
  double f64();
  std::span<const uint8_t> raw(size_t n);
  void skip(uint64_t n) { raw(static_cast<size_t>(std::min<uint64_t>(n, SIZE_MAX))); }
  size_t remaining() const { return section_.bytes.size() - pos_; }
  // A count of items of `itemBytes` each, refused when the rest of the section cannot hold them (so
  // nothing is allocated for a forged count). `what` names it ("node count").
  uint32_t count(size_t itemBytes, std::string_view what);
  // Records a failure at the current offset (or at `at`, where what failed began), unless one is
  // recorded; returns false.
  bool fail(const std::string& problem);
  bool fail(const std::string& problem, uint64_t at);
  // Fails unless the whole section was read.
  bool finish();
  // The absolute offset of the next read.
  uint64_t offset() const { return section_.offset + pos_; }

 private:
  // Inline: a load reads millions of values, and a call each cost a quarter of it.
  uint64_t take(size_t n, std::string_view what) {
    if (!ok() || section_.bytes.size() - pos_ < n) return refuse(what);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(section_.bytes[pos_ + i]) << (8 * i);
    pos_ += n;
    return v;
  }
  // Records that `what` runs past the end (unless a failure is recorded); returns 0.
  uint64_t refuse(std::string_view what);
  const Section& section_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace hpastar
