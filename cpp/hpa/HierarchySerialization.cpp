#include "hpa/HierarchySerialization.h"

#include <algorithm>
#include <cstring>

#include "hpa/ClusterRegions.h"

namespace hpastar {
namespace {

constexpr char kMagic[8] = {'H', 'P', 'A', 'S', 'T', 'A', 'R', '\0'};

// Writes little-endian values to `bytes` or, when Counting, only adds up their length: both run the one
// layout (writeParts), so serializedHierarchySize can never disagree with what is written.
template <bool Counting>
class ByteWriter {
 public:
  std::vector<uint8_t> bytes;
  size_t length = 0;  // Counting only
  void u8(uint8_t v) {
    if constexpr (Counting)
      ++length;
    else
      bytes.push_back(v);
  }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
  }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void raw(std::span<const uint8_t> v) {
    if constexpr (Counting)
      length += v.size();
    else
      bytes.insert(bytes.end(), v.begin(), v.end());
  }
  void f32(float v) {
    uint32_t u;
    std::memcpy(&u, &v, 4);
    u32(u);
  }
  void f64(double v) {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    u64(u);
  }
  // A length, then every item. `each` writes the same number of bytes for every item of a list, so
  // counting measures the first one only.
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
};

// Magic, format version and payload length; the checksum follows the payload.
constexpr size_t kHeaderBytes = 20;
constexpr size_t kChecksumBytes = 8;

// Reads with bounds checks: after the first failure every read returns 0 and ok() stays false.
class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> b) : b_(b) {}
  bool ok() const { return ok_; }
  bool atEnd() const { return pos_ == b_.size(); }
  size_t remaining() const { return b_.size() - pos_; }
  uint8_t u8() { return static_cast<uint8_t>(take(1)); }
  uint16_t u16() { return static_cast<uint16_t>(take(2)); }
  uint32_t u32() { return static_cast<uint32_t>(take(4)); }
  uint64_t u64() { return take(8); }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  float f32() {
    const uint32_t u = u32();
    float v;
    std::memcpy(&v, &u, 4);
    return v;
  }
  double f64() {
    const uint64_t u = u64();
    double v;
    std::memcpy(&v, &u, 8);
    return v;
  }
  void skip(uint64_t n) {
    if (!ok_ || b_.size() - pos_ < n) {
      ok_ = false;
      return;
    }
    pos_ += static_cast<size_t>(n);
  }
  // A list length, refused when the rest of the input cannot hold that many items of `itemBytes`.
  uint32_t count(size_t itemBytes) {
    const uint32_t n = u32();
    if (!ok_ || static_cast<uint64_t>(n) * itemBytes > b_.size() - pos_) {
      ok_ = false;
      return 0;
    }
    return n;
  }

 private:
  uint64_t take(size_t n) {
    if (!ok_ || b_.size() - pos_ < n) {
      ok_ = false;
      return 0;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(b_[pos_ + i]) << (8 * i);
    pos_ += n;
    return v;
  }
  std::span<const uint8_t> b_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

bool isGridHierarchyBytes(std::span<const uint8_t> bytes) {
  return bytes.size() >= sizeof(kMagic) && std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) == 0;
}

uint64_t hierarchyChecksum(std::span<const uint8_t> payload, uint32_t formatVersion) {
  // Versions before 4 started from an offset basis with its last digit missing; 4 and later use the
  // standard FNV-1a 64 basis, so any FNV-1a implementation can check the bytes.
  uint64_t h = formatVersion >= 4 ? 14695981039346656037ull : 1469598103934665603ull;
  for (uint8_t b : payload) {
    h ^= b;
    h *= 1099511628211ull;
  }
  return h;
}

namespace {

template <typename Writer>
void writeBlock(const ClusterBlock& block, Writer& w);
void readBlock(ByteReader& r, ClusterBlock& b);

// The stored options (OptionField::stored) in table order; validated by the caller.
HierarchyOptions readOptions(ByteReader& r, uint32_t formatVersion) {
  HierarchyOptions o;
  readStoredOptions(o, HierarchyOptions::fields(), storedHierarchyOptionCount(formatVersion), r);
  return o;
}

// From format 5, the grid's terrain costs follow its terrain: the multiplier of every terrain kind
// (f32, TerrainKind order), then 1 and the cost layer (a byte per cell), or 0 without one.
template <typename Writer>
void writeTerrainCosts(const Grid& g, Writer& w) {
  for (float m : g.terrainCosts().multiplier) w.f32(m);
  w.u8(g.hasCostLayer() ? 1 : 0);
  if (g.hasCostLayer()) w.raw(g.costLayer());
}

// The multipliers and whether a layer follows (left unread); "" or why they are refused.
std::string readCostHeader(ByteReader& r, TerrainCosts& costs, bool& layer) {
  for (float& m : costs.multiplier) m = r.f32();
  const uint8_t flag = r.u8();
  if (!r.ok()) return "truncated terrain costs";
  if (std::string error = costs.check(); !error.empty()) return error;
  if (flag > 1) return "the cost layer flag is " + std::to_string(flag);
  layer = flag == 1;
  return "";
}

// Reads the costs into `grid` (format 5 on); "" or why they are refused.
std::string readTerrainCosts(ByteReader& r, Grid& grid) {
  TerrainCosts costs;
  bool layer = false;
  if (std::string error = readCostHeader(r, costs, layer); !error.empty()) return error;
  if (layer) {
    const size_t cells = static_cast<size_t>(grid.cellCount());
    if (cells > r.remaining()) return "truncated cost layer";
    std::vector<uint8_t> values(cells);
    for (auto& v : values) v = r.u8();
    if (std::string error = grid.setCostLayer(values); !error.empty()) return error;
  }
  return grid.setTerrainCosts(costs);
}

// HierarchyParts or HierarchyPartsView.
template <typename Parts, typename Writer>
void writeParts(const Parts& h, Writer& w) {
  const Grid& g = h.grid;
  w.i32(g.width());
  w.i32(g.height());
  w.raw(g.terrain());
  w.u8(static_cast<uint8_t>(g.agentSize()));
  w.u8(g.capability().kinds);
  writeTerrainCosts(g, w);
  const HierarchyOptions& o = h.options;
  writeStoredOptions(o, HierarchyOptions::fields(), w);
  w.u64(h.version);
  w.list(h.nodeCells, [&](Point p) {
    w.i32(p.x);
    w.i32(p.y);
  });
  w.raw(h.nodeLevels);
  w.list(h.freeNodes, [&](uint32_t n) { w.u32(n); });
  for (const auto& level : h.blocks)
    for (const auto& block : level) writeBlock(*block, w);
}

template <typename Writer>
void writeBlock(const ClusterBlock& block, Writer& w) {
  const ClusterBlock* b = &block;
  // Path spans and inter-cluster links, as readBlock's readPairs reads them.
  const auto writePair = [&](const std::pair<uint32_t, uint32_t>& s) {
    w.u32(s.first);
    w.u32(s.second);
  };
  {
    w.list(b->nodes, [&](uint32_t n) { w.u32(n); });
    w.list(b->offsets, [&](uint32_t n) { w.u32(n); });
    w.list(b->edges, [&](const AbstractEdge& e) {
      w.u32(e.to);
      w.f32(e.cost);
    });
    w.u32(b->interEdges);
    w.u32(b->intraEdges);
    w.u32(b->entrances);
    w.list(b->pathRef, [&](uint32_t n) { w.u32(n); });
    w.list(b->pathSpans, writePair);
    w.list(b->pathCells, [&](Point p) {
      w.i32(p.x);
      w.i32(p.y);
    });
    w.list(b->pathNodes, [&](uint32_t n) { w.u32(n); });
    w.list(b->regions, [&](uint32_t r) { w.u32(r); });
    w.u32(b->regionCount);
    w.list(b->nodeRegions, [&](uint32_t r) { w.u32(r); });
    w.list(b->interLinks, writePair);
    w.list(b->treeDistance, [&](uint16_t d) {
      w.u8(static_cast<uint8_t>(d));
      w.u8(static_cast<uint8_t>(d >> 8));
    });
    w.list(b->treeDirection, [&](uint8_t d) { w.u8(d); });
  }
}

// Reads the stored parts. Only what reading needs is checked here (every count against the bytes left,
// before anything is allocated); whether the parts make sense is checkHierarchyParts' job.
std::optional<Hierarchy> readHierarchy(ByteReader& r, uint32_t formatVersion, std::string& error) {
  auto fail = [&](const std::string& what) -> std::optional<Hierarchy> {
    error = "hierarchy bytes are inconsistent: " + what;
    return std::nullopt;
  };
  const int32_t width = r.i32(), height = r.i32();
  if (!r.ok() || width < 1 || height < 1 || width > Grid::kMaxSide || height > Grid::kMaxSide)
    return fail("grid size " + std::to_string(width) + "x" + std::to_string(height));
  const size_t cells = static_cast<size_t>(width) * static_cast<size_t>(height);
  if (cells > r.remaining()) return fail("truncated grid");
  std::vector<uint8_t> terrain(cells);
  for (auto& t : terrain) t = r.u8();
  Agent agent = Agent::movingAIDefault();
  if (formatVersion >= 6) {
    agent.size = r.u8();
    agent.capability.kinds = r.u8();
    if (!r.ok()) return fail("truncated agent class");
  }
  std::string gridError;
  auto grid = Grid::fromTerrain(width, height, terrain, gridError, agent);
  if (!grid) return fail(gridError);
  if (formatVersion >= 5)
    if (std::string costError = readTerrainCosts(r, *grid); !costError.empty()) return fail(costError);
  HierarchyParts parts;
  parts.grid = std::move(*grid);
  HierarchyOptions& o = parts.options;
  o = readOptions(r, formatVersion);
  const std::string optionError = o.validate();
  if (!r.ok() || !optionError.empty()) return fail(optionError.empty() ? "truncated options" : optionError);
  parts.version = r.u64();
  const uint32_t nodes = r.count(9);  // a cell and a level per node
  parts.nodeCells.resize(nodes);
  for (auto& p : parts.nodeCells) {
    p.x = r.i32();
    p.y = r.i32();
  }
  parts.nodeLevels.resize(nodes);
  for (auto& l : parts.nodeLevels) l = r.u8();
  parts.freeNodes.resize(r.count(4));
  for (auto& n : parts.freeNodes) n = r.u32();
  if (!r.ok()) return fail("truncated nodes");
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(o, width, height);
  parts.blocks.resize(static_cast<size_t>(o.levels));
  for (int32_t l = 1; l <= o.levels; ++l) {
    const int32_t clusters = layouts[static_cast<size_t>(l - 1)].count();
    // Every block takes at least 64 bytes (its 12 list lengths and 4 counts).
    if (static_cast<uint64_t>(clusters) * 64 > r.remaining()) return fail("truncated blocks");
    auto& level = parts.blocks[static_cast<size_t>(l - 1)];
    level.reserve(static_cast<size_t>(clusters));
    for (int32_t c = 0; c < clusters; ++c) {
      auto b = std::make_shared<ClusterBlock>();
      readBlock(r, *b);
      if (!r.ok()) return fail("truncated block (level " + std::to_string(l) + ", cluster " + std::to_string(c) + ")");
      level.push_back(std::move(b));
    }
  }
  if (!r.atEnd()) return fail("bytes after the last cluster");
  auto h = Hierarchy::fromParts(std::move(parts), error);
  if (!h) error = "hierarchy bytes are inconsistent: " + error;
  return h;
}

void readBlock(ByteReader& r, ClusterBlock& b) {
  // A list as the writer's list() stores it: the count (checked against the bytes left, at `bytes` an
  // entry, before the resize), then each entry.
  auto readList = [&](auto& v, size_t bytes, auto&& readEntry) {
    v.resize(r.count(bytes));
    for (auto& x : v) readEntry(x);
  };
  auto readU32s = [&](std::vector<uint32_t>& v) { readList(v, 4, [&](uint32_t& x) { x = r.u32(); }); };
  auto readPairs = [&](std::vector<std::pair<uint32_t, uint32_t>>& v) {
    readList(v, 8, [&](std::pair<uint32_t, uint32_t>& s) {
      s.first = r.u32();
      s.second = r.u32();
    });
  };
  readU32s(b.nodes);
  readU32s(b.offsets);
  readList(b.edges, 8, [&](AbstractEdge& e) {
    e.to = r.u32();
    e.cost = r.f32();
  });
  b.interEdges = r.u32();
  b.intraEdges = r.u32();
  b.entrances = r.u32();
  readU32s(b.pathRef);
  readPairs(b.pathSpans);
  readList(b.pathCells, 8, [&](Point& p) {
    p.x = r.i32();
    p.y = r.i32();
  });
  readU32s(b.pathNodes);
  readU32s(b.regions);
  b.regionCount = r.u32();
  // Derived, not stored. A count above the cells (hostile bytes, refused by the parts check) is not summarized.
  if (b.regionCount <= b.regions.size()) summarizeRegions(b.regions, b.regionCount, b.regionCells, b.regionFirst);
  readU32s(b.nodeRegions);
  readPairs(b.interLinks);
  // One read of two bytes, low first: `u8() | (u8() << 8)` would leave their order to the compiler.
  readList(b.treeDistance, 2, [&](uint16_t& d) { d = r.u16(); });
  readList(b.treeDirection, 1, [&](uint8_t& d) { d = r.u8(); });
}

}  // namespace

namespace {

// The bytes of `parts`, written into one vector allocated once at its final size.
template <typename Parts>
std::vector<uint8_t> serializeParts(const Parts& parts) {
  ByteWriter<true> counter;
  writeParts(parts, counter);
  ByteWriter<false> out;
  out.bytes.reserve(kHeaderBytes + counter.length + kChecksumBytes);
  for (char c : kMagic) out.u8(static_cast<uint8_t>(c));
  out.u32(kHierarchyFormatVersion);
  out.u64(counter.length);
  writeParts(parts, out);
  out.u64(hierarchyChecksum(std::span<const uint8_t>(out.bytes).subspan(kHeaderBytes), kHierarchyFormatVersion));
  return std::move(out.bytes);
}

}  // namespace

std::vector<uint8_t> serializeHierarchy(const Hierarchy& hierarchy) { return serializeParts(hierarchy.partsView()); }

std::vector<uint8_t> serializeHierarchyParts(const HierarchyParts& parts) { return serializeParts(parts); }

size_t serializedHierarchySize(const Hierarchy& hierarchy) {
  ByteWriter<true> counter;
  writeParts(hierarchy.partsView(), counter);
  return kHeaderBytes + counter.length + kChecksumBytes;
}

namespace {

// The header's checks, shared by the loader and readStoredHierarchySizes: "" and the payload with its
// format version, or why the bytes are refused (the checksum is not checked here).
std::string checkHeader(std::span<const uint8_t> bytes, std::span<const uint8_t>& payload, uint32_t& version) {
  if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return "not an hpastar hierarchy (the bytes do not start with HPASTAR)";
  ByteReader header(bytes.subspan(8, kHeaderBytes - 8));
  version = header.u32();
  const uint64_t length = header.u64();
  if (version < kOldestHierarchyFormatVersion || version > kHierarchyFormatVersion) {
    return "hierarchy format version " + std::to_string(version) + " is not supported (this build reads versions " +
           std::to_string(kOldestHierarchyFormatVersion) + " to " + std::to_string(kHierarchyFormatVersion) + ")";
  }
  if (length > bytes.size() - kHeaderBytes || bytes.size() - kHeaderBytes - length != kChecksumBytes) {
    return "hierarchy bytes are truncated or have trailing data: " + std::to_string(bytes.size()) +
           " bytes for a payload of " + std::to_string(length);
  }
  payload = bytes.subspan(kHeaderBytes, static_cast<size_t>(length));
  return "";
}

// Skips one block as readBlock reads it (same order), keeping its region count.
void skipBlock(ByteReader& r, uint64_t& regions) {
  auto skip = [&](size_t itemBytes) { r.skip(static_cast<uint64_t>(r.count(itemBytes)) * itemBytes); };
  skip(4);  // nodes
  skip(4);  // offsets
  skip(8);  // edges
  r.u32();  // interEdges
  r.u32();  // intraEdges
  r.u32();  // entrances
  skip(4);  // pathRef
  skip(8);  // pathSpans
  skip(8);  // pathCells
  skip(4);  // pathNodes
  skip(4);  // regions
  regions += r.u32();
  skip(4);  // nodeRegions
  skip(8);  // interLinks
  skip(2);  // treeDistance
  skip(1);  // treeDirection
}

}  // namespace

std::optional<Hierarchy> deserializeHierarchy(std::span<const uint8_t> bytes, std::string& error) {
  std::span<const uint8_t> payload;
  uint32_t version = 0;
  error = checkHeader(bytes, payload, version);
  if (!error.empty()) return std::nullopt;
  ByteReader tail(bytes.subspan(kHeaderBytes + payload.size(), kChecksumBytes));
  if (tail.u64() != hierarchyChecksum(payload, version)) {
    error = "hierarchy bytes are corrupted (checksum mismatch)";
    return std::nullopt;
  }
  ByteReader r(payload);
  return readHierarchy(r, version, error);
}

std::optional<StoredHierarchySizes> readStoredHierarchySizes(std::span<const uint8_t> bytes) {
  std::span<const uint8_t> payload;
  uint32_t version = 0;
  if (!checkHeader(bytes, payload, version).empty()) return std::nullopt;
  ByteReader r(payload);
  StoredHierarchySizes s;
  s.payloadBytes = payload.size();
  s.width = r.i32();
  s.height = r.i32();
  if (!r.ok() || !Grid::checkSize(s.width, s.height).empty()) return std::nullopt;
  const uint64_t cells = static_cast<uint64_t>(s.width) * static_cast<uint64_t>(s.height);
  if (cells > r.remaining()) return std::nullopt;
  r.skip(cells);
  if (version >= 6) {
    s.agent.size = r.u8();
    s.agent.capability.kinds = r.u8();
    if (!r.ok() || !checkAgentClass(s.agent).empty()) return std::nullopt;
  }
  if (version >= 5) {
    TerrainCosts costs;
    bool layer = false;
    if (!readCostHeader(r, costs, layer).empty()) return std::nullopt;
    if (layer && cells > r.remaining()) return std::nullopt;
    if (layer) r.skip(cells);
    s.weighted = layer || !costs.uniform();
  }
  HierarchyOptions& o = s.options;
  o = readOptions(r, version);
  s.optionsValid = r.ok() && o.validate().empty();
  if (!s.optionsValid) return s;
  r.u64();  // the hierarchy's version
  s.nodes = r.count(9);
  r.skip(8 * s.nodes);
  for (uint64_t i = 0; i < s.nodes; ++i)
    if (r.u8() >= o.levels) ++s.topLevelNodes;
  const uint32_t freeNodes = r.count(4);
  r.skip(4 * static_cast<uint64_t>(freeNodes));
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(o, s.width, s.height);
  for (int32_t l = 1; l <= o.levels && r.ok(); ++l) {
    const int32_t clusters = layouts[static_cast<size_t>(l - 1)].count();
    if (static_cast<uint64_t>(clusters) * 64 > r.remaining()) break;  // the loader stops there too
    s.blocks += static_cast<uint64_t>(clusters);
    uint64_t regions = 0;
    for (int32_t c = 0; c < clusters && r.ok(); ++c) {
      const size_t before = r.remaining();
      skipBlock(r, regions);
      s.largestBlockBytes = std::max<uint64_t>(s.largestBlockBytes, before - r.remaining());
    }
    if (l == 1) s.regions = regions;
  }
  return s;
}

}  // namespace hpastar
