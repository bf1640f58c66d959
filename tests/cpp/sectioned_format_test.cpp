#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "io/SectionedFormat.h"

namespace hpastar {
namespace {

constexpr char kTestMagic[8] = {'T', 'E', 'S', 'T', 'S', 'E', 'C', '\0'};

// One value of each kind a writer stores, then a list and raw bytes.
template <typename Sink>
void writeEveryKind(Sink& out) {
  out.u8(0xAB);
  out.u32(0x01020304u);
  out.u64(0x0102030405060708ull);
  out.i32(-2);
  out.f32(1.0f);
  out.f64(-2.0);
  const std::vector<uint32_t> list = {7, 0x80000000u};
  out.list(list, [&](uint32_t v) { out.u32(v); });
  const std::vector<uint8_t> raw = {9, 8, 7};
  out.raw(raw);
}

const std::vector<uint8_t> kEveryKind = {
    0xAB,                                            // u8
    0x04, 0x03, 0x02, 0x01,                          // u32
    0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,  // u64
    0xFE, 0xFF, 0xFF, 0xFF,                          // i32 -2
    0x00, 0x00, 0x80, 0x3F,                          // f32 1.0
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xC0,  // f64 -2.0
    0x02, 0x00, 0x00, 0x00,                          // the list's count
    0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80,  // its items
    0x09, 0x08, 0x07,                                // raw
};

TEST(SectionedFormat, ByteSinksStoreLittleEndianValuesCountedAsWritten) {
  ByteSink<true> counter;
  writeEveryKind(counter);
  EXPECT_EQ(counter.length, kEveryKind.size());

  SectionBytes growing;  // made without a size: grows as it writes
  writeEveryKind(growing);
  EXPECT_EQ(growing.bytes, kEveryKind);
  EXPECT_EQ(growing.length, kEveryKind.size());

  SectionBytes sized(kEveryKind.size());  // written in place
  writeEveryKind(sized);
  EXPECT_EQ(sized.bytes, kEveryKind);
  EXPECT_EQ(sized.length, kEveryKind.size());
}

TEST(SectionedFormat, AContainerIsWrittenInOneAllocationOfTheCountedSize) {
  const std::vector<SectionSpec> specs = {{"every"}, {"empty", false}, {"again"}};
  const auto write = [](auto& out, size_t k) {
    if (k != 1) writeEveryKind(out);
  };
  const std::vector<uint8_t> bytes = writeSectioned(kTestMagic, 1, specs, write);
  EXPECT_EQ(bytes.size(), sectionedSize(specs.size(), write));
  std::string error;
  const std::optional<SectionedFile> file = SectionedFile::read(bytes, kTestMagic, "test", 1, 1, error);
  ASSERT_TRUE(file) << error;
  ASSERT_EQ(file->sections().size(), 3u);
  for (const Section& s : file->sections()) {
    const std::vector<uint8_t> expected = s.tag == "empty" ? std::vector<uint8_t>{} : kEveryKind;
    EXPECT_EQ(std::vector<uint8_t>(s.bytes.begin(), s.bytes.end()), expected) << s.tag;
  }
}

// A writer whose writing pass writes more (or less) than its counting pass counted stops the program:
// the table would declare other lengths than the sections have.
TEST(SectionedFormat, WriterPassesThatDisagreeStopTheProgram) {
  const std::vector<SectionSpec> specs = {{"first"}, {"second"}};
  const auto longer = [](auto& out, size_t k) {
    out.u32(1);
    if constexpr (!std::is_same_v<std::decay_t<decltype(out)>, ByteSink<true>>)
      if (k == 1) out.u8(2);
  };
  EXPECT_DEATH(writeSectioned(kTestMagic, 1, specs, longer), "write past the counted length");
  const auto shorter = [](auto& out, size_t k) {
    if constexpr (std::is_same_v<std::decay_t<decltype(out)>, ByteSink<true>>)
      if (k == 0) out.u8(2);
    out.u32(1);
  };
  EXPECT_DEATH(writeSectioned(kTestMagic, 1, specs, shorter), "section written 0: counted 5 bytes, wrote 4");
}

}  // namespace
}  // namespace hpastar
