#include "hpa/HierarchySerialization.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "hpa/ClusterRegions.h"
#include "io/SectionedFormat.h"

namespace hpastar {
namespace {

constexpr char kMagic[8] = {'H', 'P', 'A', 'S', 'T', 'A', 'R', '\0'};

// The flat layout of formats 2 to 6: magic, format version and payload length, the payload, then its
// checksum. Read, no longer written.
constexpr size_t kFlatHeaderBytes = 20;
constexpr size_t kFlatChecksumBytes = 8;

// A cluster block's stored lists, one section each per level from format 7; the flat formats stored
// them in this order, block after block.
enum class BlockPart : size_t { Graph, Paths, Regions, Trees };
constexpr BlockPart kBlockParts[] = {BlockPart::Graph, BlockPart::Paths, BlockPart::Regions, BlockPart::Trees};
constexpr std::string_view kBlockPartNames[] = {"graph", "paths", "regions", "trees"};
// The fewest bytes a block's part takes (its list lengths and counts): what a cluster count is checked
// against before anything is allocated for it.
constexpr uint64_t kBlockPartMinBytes[] = {24, 16, 16, 8};
constexpr size_t kHeadSections = 4;  // options, grid, costs, nodes

std::string blockPartTag(BlockPart part, size_t level) {
  return std::string(kBlockPartNames[static_cast<size_t>(part)]) + std::to_string(level);
}

template <typename Writer>
void writeGrid(const Grid& g, Writer& w) {
  w.i32(g.width());
  w.i32(g.height());
  w.raw(g.terrain());
  w.u8(static_cast<uint8_t>(g.agentSize()));
  w.u8(g.capability().kinds);
}

// The multiplier of every terrain kind (f32, TerrainKind order), then 1 and the cost layer (a byte per
// cell), or 0 without one.
template <typename Writer>
void writeTerrainCosts(const Grid& g, Writer& w) {
  for (float m : g.terrainCosts().multiplier) w.f32(m);
  w.u8(g.hasCostLayer() ? 1 : 0);
  if (g.hasCostLayer()) w.raw(g.costLayer());
}

// HierarchyParts or HierarchyPartsView.
template <typename Parts, typename Writer>
void writeNodes(const Parts& h, Writer& w) {
  w.u64(h.version);
  w.list(h.nodeCells, [&](Point p) {
    w.i32(p.x);
    w.i32(p.y);
  });
  w.raw(h.nodeLevels);
  w.list(h.freeNodes, [&](uint32_t n) { w.u32(n); });
}

template <typename Writer>
void writeBlockPart(const ClusterBlock& b, BlockPart part, Writer& w) {
  const auto u32 = [&](uint32_t n) { w.u32(n); };
  const auto pair = [&](const std::pair<uint32_t, uint32_t>& s) {
    w.u32(s.first);
    w.u32(s.second);
  };
  switch (part) {
    case BlockPart::Graph:
      w.list(b.nodes, u32);
      w.list(b.offsets, u32);
      w.list(b.edges, [&](const AbstractEdge& e) {
        w.u32(e.to);
        w.f32(e.cost);
      });
      w.u32(b.interEdges);
      w.u32(b.intraEdges);
      w.u32(b.entrances);
      return;
    case BlockPart::Paths:
      w.list(b.pathRef, u32);
      w.list(b.pathSpans, pair);
      w.list(b.pathCells, [&](Point p) {
        w.i32(p.x);
        w.i32(p.y);
      });
      w.list(b.pathNodes, u32);
      return;
    case BlockPart::Regions:
      w.list(b.regions, u32);
      w.u32(b.regionCount);
      w.list(b.nodeRegions, u32);
      w.list(b.interLinks, pair);
      return;
    case BlockPart::Trees:
      w.list(b.treeDistance, [&](uint16_t d) {
        w.u8(static_cast<uint8_t>(d));
        w.u8(static_cast<uint8_t>(d >> 8));
      });
      w.list(b.treeDirection, [&](uint8_t d) { w.u8(d); });
      return;
  }
}

// The section of a merged cutting (format 8, only with merged clusters).
constexpr std::string_view kClustersTag = "clusters";

// The sections of format 7 and what each holds (HierarchySerialization.h).
template <typename Parts>
class SectionLayout {
 public:
  explicit SectionLayout(const Parts& parts) : parts_(parts) {
    for (std::string_view tag : {"options", "grid", "costs", "nodes"}) specs_.push_back(SectionSpec{std::string(tag)});
    for (size_t level = 1; level <= parts.blocks.size(); ++level)
      for (BlockPart part : kBlockParts) specs_.push_back(SectionSpec{blockPartTag(part, level)});
    if (parts.merged) specs_.push_back(SectionSpec{std::string(kClustersTag)});
  }
  const std::vector<SectionSpec>& specs() const { return specs_; }

  template <typename Writer>
  void operator()(Writer& w, size_t k) const {
    if (k == 0) writeStoredOptions(parts_.options, HierarchyOptions::fields(), w);
    if (k == 1) writeGrid(parts_.grid, w);
    if (k == 2) writeTerrainCosts(parts_.grid, w);
    if (k == 3) writeNodes(parts_, w);
    if (k < kHeadSections) return;
    if (k == kHeadSections + parts_.blocks.size() * std::size(kBlockParts)) {
      w.list(parts_.merged->cellCluster, [&](uint32_t c) { w.u32(c); });
      return;
    }
    const auto& level = parts_.blocks[(k - kHeadSections) / std::size(kBlockParts)];
    const BlockPart part = kBlockParts[(k - kHeadSections) % std::size(kBlockParts)];
    w.u32(static_cast<uint32_t>(level.size()));
    for (const auto& block : level) writeBlockPart(*block, part, w);
  }

 private:
  const Parts& parts_;
  std::vector<SectionSpec> specs_;
};

template <typename Parts>
std::vector<uint8_t> serializeParts(const Parts& parts) {
  const SectionLayout<Parts> layout(parts);
  return writeSectioned(kMagic, kHierarchyFormatVersion, layout.specs(), layout);
}

}  // namespace

bool isGridHierarchyBytes(std::span<const uint8_t> bytes) { return SectionedFile::hasMagic(bytes, kMagic); }

uint64_t hierarchyChecksum(std::span<const uint8_t> payload, uint32_t formatVersion) {
  // Versions before 4 started from an offset basis with its last digit missing; 4 and later use the
  // standard FNV-1a 64 basis, so any FNV-1a implementation can check the bytes.
  if (formatVersion >= 4) return fnv1a64(payload);
  uint64_t h = 1469598103934665603ull;
  for (uint8_t b : payload) {
    h ^= b;
    h *= 1099511628211ull;
  }
  return h;
}

std::vector<uint8_t> serializeHierarchy(const Hierarchy& hierarchy) { return serializeParts(hierarchy.partsView()); }

std::vector<uint8_t> serializeHierarchyParts(const HierarchyParts& parts) { return serializeParts(parts); }

size_t serializedHierarchySize(const Hierarchy& hierarchy) {
  const HierarchyPartsView view = hierarchy.partsView();
  const SectionLayout<HierarchyPartsView> layout(view);
  return static_cast<size_t>(sectionedSize(layout.specs().size(), layout));
}

namespace {

// Reading. Each part is read from a SectionReader: in format 7 the reader of its own section, in the
// flat formats one reader over the whole payload, passed for every part in turn (the flat order is
// grid, costs, options, nodes, then the blocks). Only what reading needs is checked here (every count
// against the bytes left, before anything is allocated); whether the parts make sense is
// checkHierarchyParts' job.

// Width, height, terrain and, from format 6, the agent class.
std::optional<Grid> readGrid(SectionReader& r, uint32_t formatVersion) {
  const uint64_t sizeAt = r.offset();
  const int32_t width = r.i32(), height = r.i32();
  if (!r.ok()) return std::nullopt;
  if (std::string bad = Grid::checkSize(width, height); !bad.empty()) {
    r.fail(bad, sizeAt);
    return std::nullopt;
  }
  const uint64_t terrainAt = r.offset();
  const std::span<const uint8_t> terrain = r.raw(static_cast<size_t>(width) * static_cast<size_t>(height));
  Agent agent = Agent::movingAIDefault();
  const uint64_t agentAt = r.offset();
  if (formatVersion >= 6) {
    agent.size = r.u8();
    agent.capability.kinds = r.u8();
  }
  if (!r.ok()) return std::nullopt;
  if (std::string bad = checkAgentClass(agent); !bad.empty()) {
    r.fail(bad, agentAt);
    return std::nullopt;
  }
  std::string error;
  std::optional<Grid> grid = Grid::fromTerrain(width, height, terrain, error, agent);
  if (!grid) r.fail(error, terrainAt);
  return grid;
}

// The multipliers, checked, and whether a layer follows (left unread).
bool readCostHeader(SectionReader& r, TerrainCosts& costs, bool& layer) {
  const uint64_t at = r.offset();
  for (float& m : costs.multiplier) m = r.f32();
  const uint64_t flagAt = r.offset();
  const uint8_t flag = r.u8();
  if (!r.ok()) return false;
  if (std::string error = costs.check(); !error.empty()) return r.fail(error, at);
  if (flag > 1) return r.fail("the cost layer flag is " + std::to_string(flag) + ", not 0 or 1", flagAt);
  layer = flag == 1;
  return true;
}

// The grid's terrain costs (format 5 on).
bool readTerrainCosts(SectionReader& r, Grid& grid) {
  TerrainCosts costs;
  bool layer = false;
  if (!readCostHeader(r, costs, layer)) return false;
  if (layer) {
    const uint64_t at = r.offset();
    const std::span<const uint8_t> values = r.raw(static_cast<size_t>(grid.cellCount()));
    if (!r.ok()) return false;
    if (std::string error = grid.setCostLayer(values); !error.empty()) return r.fail(error, at);
  }
  const std::string error = grid.setTerrainCosts(costs);
  return error.empty() || r.fail(error);
}

// The stored options (OptionField::stored) in table order, as many as the format version stored.
bool readOptions(SectionReader& r, uint32_t formatVersion, HierarchyOptions& o) {
  const uint64_t at = r.offset();
  readStoredOptions(o, HierarchyOptions::fields(), storedHierarchyOptionCount(formatVersion), r);
  if (!r.ok()) return false;
  const std::string error = o.validate();
  return error.empty() || r.fail(error, at);
}

bool readNodes(SectionReader& r, HierarchyParts& parts) {
  parts.version = r.u64();
  const uint32_t nodes = r.count(9, "node count");  // a cell and a level per node
  parts.nodeCells.resize(nodes);
  for (auto& p : parts.nodeCells) {
    p.x = r.i32();
    p.y = r.i32();
  }
  const std::span<const uint8_t> levels = r.raw(nodes);
  parts.nodeLevels.assign(levels.begin(), levels.end());
  parts.freeNodes.resize(r.count(4, "free id count"));
  for (auto& n : parts.freeNodes) n = r.u32();
  return r.ok();
}

// The grid, its costs, the options and the nodes, from one reader each (format 7) or the same reader
// four times (the flat formats, in their order).
bool readHead(SectionReader& grid, SectionReader& costs, SectionReader& options, SectionReader& nodes,
              uint32_t formatVersion, HierarchyParts& parts) {
  std::optional<Grid> g = readGrid(grid, formatVersion);
  if (!g) return false;
  parts.grid = std::move(*g);
  if (formatVersion >= 5 && !readTerrainCosts(costs, parts.grid)) return false;
  return readOptions(options, formatVersion, parts.options) && readNodes(nodes, parts);
}

// A list of little-endian 8- or 16-bit values as ByteSink::list stores it: the count (checked against the
// bytes left before the resize), then the values.
template <typename T>
void readBytes(SectionReader& r, std::vector<T>& v) {
  static_assert(sizeof(T) <= 2);
  v.resize(r.count(sizeof(T), "list length"));
  const std::span<const uint8_t> bytes = r.raw(v.size() * sizeof(T));
  if (bytes.size() != v.size() * sizeof(T)) return;  // refused: the reader says why
  for (size_t i = 0; i < v.size(); ++i) {
    if constexpr (sizeof(T) == 1) v[i] = bytes[i];
    else v[i] = static_cast<T>(bytes[2 * i] | bytes[2 * i + 1] << 8);
  }
}

void readBlockPart(SectionReader& r, BlockPart part, ClusterBlock& b) {
  // A list as ByteSink::list stores it: the count (checked against the bytes left, at `bytes` an entry,
  // before the resize), then each entry.
  auto readList = [&](auto& v, size_t bytes, auto&& readEntry) {
    v.resize(r.count(bytes, "list length"));
    for (auto& x : v) readEntry(x);
  };
  auto readU32s = [&](std::vector<uint32_t>& v) { readList(v, 4, [&](uint32_t& x) { x = r.u32(); }); };
  auto readPairs = [&](std::vector<std::pair<uint32_t, uint32_t>>& v) {
    readList(v, 8, [&](std::pair<uint32_t, uint32_t>& s) {
      s.first = r.u32();
      s.second = r.u32();
    });
  };
  switch (part) {
    case BlockPart::Graph:
      readU32s(b.nodes);
      readU32s(b.offsets);
      readList(b.edges, 8, [&](AbstractEdge& e) {
        e.to = r.u32();
        e.cost = r.f32();
      });
      b.interEdges = r.u32();
      b.intraEdges = r.u32();
      b.entrances = r.u32();
      return;
    case BlockPart::Paths:
      readU32s(b.pathRef);
      readPairs(b.pathSpans);
      readList(b.pathCells, 8, [&](Point& p) {
        p.x = r.i32();
        p.y = r.i32();
      });
      readU32s(b.pathNodes);
      return;
    case BlockPart::Regions:
      readU32s(b.regions);
      b.regionCount = r.u32();
      // Derived, not stored. A count above the cells (hostile bytes, refused by the parts check) is not summarized.
      if (r.ok() && b.regionCount <= b.regions.size())
        summarizeRegions(b.regions, b.regionCount, b.regionCells, b.regionFirst);
      readU32s(b.nodeRegions);
      readPairs(b.interLinks);
      return;
    case BlockPart::Trees:
      // The bulk of a saved hierarchy (3 bytes a cell a node): read as spans, not value by value.
      readBytes(r, b.treeDistance);
      readBytes(r, b.treeDirection);
      return;
  }
}

// Refuses `clusters` blocks of `minBytes` each when the bytes left cannot hold them.
bool checkRoom(SectionReader& r, uint64_t clusters, uint64_t minBytes, size_t level) {
  if (clusters * minBytes <= r.remaining()) return true;
  return r.fail("level " + std::to_string(level) + "'s " + groupedNumber(clusters) + " clusters need at least " +
                groupedNumber(clusters * minBytes) + " bytes, " + groupedNumber(r.remaining()) + " are left");
}

using LevelBlocks = std::vector<std::vector<std::shared_ptr<ClusterBlock>>>;

// The flat formats' blocks: level after level, every part of a block before the next block.
bool readFlatBlocks(SectionReader& r, const std::vector<ClusterLayout>& layouts, LevelBlocks& blocks) {
  for (size_t l = 1; l <= layouts.size(); ++l) {
    const uint64_t clusters = static_cast<uint64_t>(layouts[l - 1].count());
    if (!checkRoom(r, clusters, 64, l)) return false;
    auto& level = blocks.emplace_back();
    level.reserve(static_cast<size_t>(clusters));
    for (uint64_t c = 0; c < clusters && r.ok(); ++c) {
      level.push_back(std::make_shared<ClusterBlock>());
      for (BlockPart part : kBlockParts) readBlockPart(r, part, *level.back());
    }
  }
  return r.finish();
}

// Format 7's blocks: per level, one section per part, each the cluster count then that part of every block.
bool readSectionBlocks(const SectionedFile& file, const std::vector<ClusterLayout>& layouts, LevelBlocks& blocks,
                       std::string& error) {
  for (size_t l = 1; l <= layouts.size(); ++l) {
    const uint32_t clusters = static_cast<uint32_t>(layouts[l - 1].count());
    auto& level = blocks.emplace_back();
    for (BlockPart part : kBlockParts) {
      const std::string tag = blockPartTag(part, l);
      const Section* section = file.find(tag);
      if (!section) {
        error = "an hpastar hierarchy without its '" + tag + "' section (its options have " +
                std::to_string(layouts.size()) + " levels)";
        return false;
      }
      SectionReader r(*section);
      const uint32_t stored = r.u32();
      if (r.ok() && stored != clusters)
        r.fail("cluster count " + groupedNumber(stored) + ", the options give level " + std::to_string(l) + " " +
               groupedNumber(clusters));
      if (r.ok() && checkRoom(r, clusters, kBlockPartMinBytes[static_cast<size_t>(part)], l) && level.empty())
        for (uint32_t c = 0; c < clusters; ++c) level.push_back(std::make_shared<ClusterBlock>());
      for (size_t c = 0; c < level.size() && r.ok(); ++c) readBlockPart(r, part, *level[c]);
      if (!r.finish()) {
        error = r.error();
        return false;
      }
    }
  }
  return true;
}

std::optional<Hierarchy> assemble(HierarchyParts&& parts, LevelBlocks&& blocks, std::string& error) {
  for (auto& level : blocks) parts.blocks.emplace_back(level.begin(), level.end());
  auto h = Hierarchy::fromParts(std::move(parts), error);
  if (!h) error = "hierarchy bytes are inconsistent: " + error;
  return h;
}

// The version of bytes with the magic, or why they are refused.
std::string readFormatVersion(std::span<const uint8_t> bytes, uint32_t& version) {
  if (bytes.size() < 12 || !isGridHierarchyBytes(bytes))
    return "not an hpastar hierarchy (the bytes do not start with HPASTAR)";
  version = static_cast<uint32_t>(bytes[8]) | static_cast<uint32_t>(bytes[9]) << 8 |
            static_cast<uint32_t>(bytes[10]) << 16 | static_cast<uint32_t>(bytes[11]) << 24;
  if (version >= kOldestHierarchyFormatVersion && version <= kHierarchyFormatVersion) return "";
  return "hierarchy format version " + std::to_string(version) + " is not supported (this build reads versions " +
         std::to_string(kOldestHierarchyFormatVersion) + " to " + std::to_string(kHierarchyFormatVersion) + ")";
}

// The flat formats' payload as a section (tag "payload", at byte 20), its length checked against the
// bytes (the checksum is not checked here).
std::optional<Section> flatPayload(std::span<const uint8_t> bytes, std::string& error) {
  uint64_t length = 0;
  if (bytes.size() >= kFlatHeaderBytes)
    for (size_t i = 0; i < 8; ++i) length |= static_cast<uint64_t>(bytes[12 + i]) << (8 * i);
  if (bytes.size() < kFlatHeaderBytes || length > bytes.size() - kFlatHeaderBytes ||
      bytes.size() - kFlatHeaderBytes - length != kFlatChecksumBytes) {
    error = "hierarchy bytes are truncated or have trailing data: " + std::to_string(bytes.size()) +
            " bytes for a payload of " + std::to_string(length);
    return std::nullopt;
  }
  return Section{"payload", true, kFlatHeaderBytes, bytes.subspan(kFlatHeaderBytes, static_cast<size_t>(length))};
}

std::optional<Hierarchy> deserializeFlat(std::span<const uint8_t> bytes, uint32_t version, std::string& error) {
  const std::optional<Section> payload = flatPayload(bytes, error);
  if (!payload) return std::nullopt;
  uint64_t sum = 0;
  for (size_t i = 0; i < 8; ++i) sum |= static_cast<uint64_t>(bytes[bytes.size() - 8 + i]) << (8 * i);
  if (sum != hierarchyChecksum(payload->bytes, version)) {
    error = "hierarchy bytes are corrupted (checksum mismatch)";
    return std::nullopt;
  }
  SectionReader r(*payload);
  HierarchyParts parts;
  LevelBlocks blocks;
  if (!readHead(r, r, r, r, version, parts) ||
      !readFlatBlocks(r, Hierarchy::layoutsFor(parts.options, parts.grid.width(), parts.grid.height()), blocks)) {
    error = r.error();
    return std::nullopt;
  }
  return assemble(std::move(parts), std::move(blocks), error);
}

constexpr std::string_view kHeadTags[kHeadSections] = {"grid", "costs", "options", "nodes"};

// Format 7's container, its head sections found (in kHeadTags' order).
std::optional<SectionedFile> openSections(std::span<const uint8_t> bytes,
                                          std::array<const Section*, kHeadSections>& head, std::string& error) {
  std::optional<SectionedFile> file = SectionedFile::read(
      bytes, kMagic, "an hpastar hierarchy", kFirstSectionedHierarchyFormatVersion, kHierarchyFormatVersion, error);
  if (!file) return std::nullopt;
  std::vector<std::string> known(kHeadTags, kHeadTags + kHeadSections);
  for (size_t l = 1; l <= static_cast<size_t>(HierarchyOptions::kMaxLevels); ++l)
    for (BlockPart part : kBlockParts) known.push_back(blockPartTag(part, l));
  known.emplace_back(kClustersTag);
  const std::vector<std::string_view> views(known.begin(), known.end());
  error = file->checkKnown(views);
  for (size_t i = 0; i < kHeadSections && error.empty(); ++i)
    if (!(head[i] = file->find(kHeadTags[i])))
      error = "an hpastar hierarchy without its '" + std::string(kHeadTags[i]) + "' section";
  if (!error.empty()) return std::nullopt;
  return file;
}

// The merged cutting (section `clusters`), required when the options merge clusters and refused otherwise.
bool readMergedClusters(const SectionedFile& file, HierarchyParts& parts, std::string& error) {
  const Section* section = file.find(kClustersTag);
  const bool merges = parts.options.mergedClusterSide > 0;
  if (!section) {
    if (merges) error = "an hpastar hierarchy without its 'clusters' section (its options merge clusters)";
    return !merges;
  }
  if (!merges) {
    error = "an hpastar hierarchy with a 'clusters' section, though its options cut square clusters";
    return false;
  }
  SectionReader r(*section);
  std::vector<uint32_t> cells(r.count(4, "cell count"));
  for (uint32_t& c : cells) c = r.u32();
  if (!r.finish()) {
    error = r.error();
    return false;
  }
  std::optional<MergedClusters> merged = MergedClusters::fromCells(
      parts.grid.width(), parts.grid.height(), std::move(cells), parts.options.mergedClusterSide, error);
  if (!merged) {
    error = "hierarchy bytes are inconsistent: " + error;
    return false;
  }
  parts.merged = std::make_shared<const MergedClusters>(std::move(*merged));
  return true;
}

std::optional<Hierarchy> deserializeSections(std::span<const uint8_t> bytes, std::string& error) {
  std::array<const Section*, kHeadSections> head{};
  const std::optional<SectionedFile> file = openSections(bytes, head, error);
  if (!file) return std::nullopt;
  SectionReader grid(*head[0]), costs(*head[1]), options(*head[2]), nodes(*head[3]);
  HierarchyParts parts;
  readHead(grid, costs, options, nodes, file->version(), parts);
  for (SectionReader* r : {&grid, &costs, &options, &nodes})
    if (!r->finish()) {
      error = r->error();
      return std::nullopt;
    }
  if (!readMergedClusters(*file, parts, error)) return std::nullopt;
  LevelBlocks blocks;
  if (!readSectionBlocks(*file,
                         Hierarchy::layoutsFor(parts.options, parts.grid.width(), parts.grid.height(), parts.merged),
                         blocks, error))
    return std::nullopt;
  return assemble(std::move(parts), std::move(blocks), error);
}

}  // namespace

std::optional<Hierarchy> deserializeHierarchy(std::span<const uint8_t> bytes, std::string& error) {
  uint32_t version = 0;
  error = readFormatVersion(bytes, version);
  if (!error.empty()) return std::nullopt;
  return version >= kFirstSectionedHierarchyFormatVersion ? deserializeSections(bytes, error)
                                                          : deserializeFlat(bytes, version, error);
}

namespace {

// Sizes: the head as the loader reads it, without allocating. False when the loader refuses it before
// its options; s.optionsValid false when it refuses the options.
bool readHeadSizes(SectionReader& grid, SectionReader& costs, SectionReader& options, SectionReader& nodes,
                   uint32_t formatVersion, StoredHierarchySizes& s) {
  s.width = grid.i32();
  s.height = grid.i32();
  if (!grid.ok() || !Grid::checkSize(s.width, s.height).empty()) return false;
  const uint64_t cells = static_cast<uint64_t>(s.width) * static_cast<uint64_t>(s.height);
  grid.skip(cells);
  if (formatVersion >= 6) {
    s.agent.size = grid.u8();
    s.agent.capability.kinds = grid.u8();
    if (!checkAgentClass(s.agent).empty()) return false;
  }
  if (!grid.ok()) return false;
  if (formatVersion >= 5) {
    TerrainCosts terrainCosts;
    bool layer = false;
    if (!readCostHeader(costs, terrainCosts, layer)) return false;
    if (layer) costs.skip(cells);
    if (!costs.ok()) return false;
    s.weighted = layer || !terrainCosts.uniform();
  }
  s.optionsValid = readOptions(options, formatVersion, s.options);
  if (!s.optionsValid) return true;
  nodes.u64();  // the hierarchy's version
  s.nodes = nodes.count(9, "node count");
  nodes.skip(8 * s.nodes);
  for (uint64_t i = 0; i < s.nodes; ++i)
    if (nodes.u8() >= s.options.levels) ++s.topLevelNodes;
  nodes.skip(4 * static_cast<uint64_t>(nodes.count(4, "free id count")));
  return true;
}

// Skips one part of a block as readBlockPart reads it, adding up its region count.
void skipBlockPart(SectionReader& r, BlockPart part, uint64_t& regions) {
  auto skip = [&](size_t itemBytes) { r.skip(static_cast<uint64_t>(r.count(itemBytes, "list length")) * itemBytes); };
  switch (part) {
    case BlockPart::Graph:
      for (size_t bytes : {4, 4, 8}) skip(bytes);  // nodes, offsets, edges
      for (int i = 0; i < 3; ++i) r.u32();         // interEdges, intraEdges, entrances
      return;
    case BlockPart::Paths:
      for (size_t bytes : {4, 8, 8, 4}) skip(bytes);  // pathRef, pathSpans, pathCells, pathNodes
      return;
    case BlockPart::Regions:
      skip(4);  // regions
      regions += r.u32();
      skip(4);  // nodeRegions
      skip(8);  // interLinks
      return;
    case BlockPart::Trees:
      skip(2);  // treeDistance
      skip(1);  // treeDirection
      return;
  }
}

void flatBlockSizes(SectionReader& r, StoredHierarchySizes& s) {
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(s.options, s.width, s.height);
  for (size_t l = 1; l <= layouts.size() && r.ok(); ++l) {
    const uint64_t clusters = static_cast<uint64_t>(layouts[l - 1].count());
    if (clusters * 64 > r.remaining()) break;  // the loader stops there too
    s.blocks += clusters;
    uint64_t regions = 0;
    for (uint64_t c = 0; c < clusters && r.ok(); ++c) {
      const size_t before = r.remaining();
      for (BlockPart part : kBlockParts) skipBlockPart(r, part, regions);
      s.largestBlockBytes = std::max<uint64_t>(s.largestBlockBytes, before - r.remaining());
    }
    if (l == 1) s.regions = regions;
  }
}

// Format 7: a block's largest size is bounded by the sum of each part's largest.
void sectionBlockSizes(const SectionedFile& file, StoredHierarchySizes& s) {
  const std::vector<ClusterLayout> layouts = Hierarchy::layoutsFor(s.options, s.width, s.height);
  for (size_t l = 1; l <= layouts.size(); ++l) {
    // Merged clusters (one level): as many as the first part says, which the others must repeat.
    uint64_t clusters = static_cast<uint64_t>(layouts[l - 1].count());
    if (s.options.mergedClusterSide > 0)
      if (const Section* first = file.find(blockPartTag(kBlockParts[0], l))) clusters = SectionReader(*first).u32();
    uint64_t largest = 0, regions = 0;
    for (BlockPart part : kBlockParts) {
      const Section* section = file.find(blockPartTag(part, l));
      if (!section) return;
      SectionReader r(*section);
      if (r.u32() != clusters || clusters * kBlockPartMinBytes[static_cast<size_t>(part)] > r.remaining()) return;
      uint64_t partLargest = 0;
      for (uint64_t c = 0; c < clusters && r.ok(); ++c) {
        const size_t before = r.remaining();
        skipBlockPart(r, part, regions);
        partLargest = std::max<uint64_t>(partLargest, before - r.remaining());
      }
      largest += partLargest;
    }
    s.blocks += clusters;
    s.largestBlockBytes = std::max(s.largestBlockBytes, largest);
    if (l == 1) s.regions = regions;
  }
}

}  // namespace

std::optional<StoredHierarchySizes> readStoredHierarchySizes(std::span<const uint8_t> bytes) {
  uint32_t version = 0;
  std::string error;
  if (!readFormatVersion(bytes, version).empty()) return std::nullopt;
  StoredHierarchySizes s;
  if (version < kFirstSectionedHierarchyFormatVersion) {
    const std::optional<Section> payload = flatPayload(bytes, error);
    if (!payload) return std::nullopt;
    s.payloadBytes = payload->bytes.size();
    SectionReader r(*payload);
    if (!readHeadSizes(r, r, r, r, version, s)) return std::nullopt;
    if (s.optionsValid) flatBlockSizes(r, s);
    return s;
  }
  std::array<const Section*, kHeadSections> head{};
  const std::optional<SectionedFile> file = openSections(bytes, head, error);
  if (!file) return std::nullopt;
  s.payloadBytes = bytes.size();
  SectionReader grid(*head[0]), costs(*head[1]), options(*head[2]), nodes(*head[3]);
  if (!readHeadSizes(grid, costs, options, nodes, version, s)) return std::nullopt;
  if (s.optionsValid) sectionBlockSizes(*file, s);
  return s;
}

}  // namespace hpastar
