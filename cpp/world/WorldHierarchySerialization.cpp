#include "world/WorldHierarchySerialization.h"

#include <algorithm>

#include "io/SectionedFormat.h"

namespace hpastar {
namespace {

constexpr std::string_view kGraphTags[WorldHierarchyOptions::kMaxLevels] = {"graph1", "graph2", "graph3",
                                                                            "graph4", "graph5", "graph6"};

template <typename Writer>
void writeGraph(const WorldHierarchyParts::Level& g, int32_t level, Writer& out) {
  out.u32(static_cast<uint32_t>(g.count.size()));
  size_t edge = 0, step = 0;
  for (size_t i = 0; i < g.count.size(); ++i) {
    out.u32(g.count[i]);
    out.u32(g.searchCount[i]);
    for (uint32_t k = 0; k < g.count[i]; ++k, ++edge) {
      out.u32(g.edges[edge].to);
      out.f32(g.edges[edge].cost);
      const uint32_t length = g.pathLength[edge];
      out.u32(length);
      if (level == 1) {
        out.raw(std::span(g.moves).subspan(step, length));
      } else {
        for (uint32_t s = 0; s < length; ++s) out.u32(g.via[step + s]);
      }
      step += length;
    }
  }
}

template <typename Writer>
void writeNodes(const WorldHierarchyParts& p, Writer& out) {
  out.u32(static_cast<uint32_t>(p.nodeVoxel.size()));
  for (size_t i = 0; i < p.nodeVoxel.size(); ++i) {
    for (int32_t v : {p.nodeVoxel[i].x, p.nodeVoxel[i].y, p.nodeVoxel[i].z}) out.i32(v);
    out.u8(p.nodeLevel[i]);
  }
  out.list(p.freeNodes, [&](uint32_t id) { out.u32(id); });
}

// The stored fields of the option table, in its order (contract/OptionSchema.h), as many as the file's
// format version stored (storedWorldOptionCount): the newer ones keep their defaults.
bool readOptions(SectionReader& in, WorldHierarchyOptions& o, uint32_t formatVersion) {
  readStoredOptions(o, WorldHierarchyOptions::fields(), storedWorldOptionCount(formatVersion), in);
  if (!in.finish()) return false;
  const std::string bad = o.check();
  return bad.empty() || in.fail(bad);
}

bool readWorld(SectionReader& in, BlockWorld& world) {
  const int32_t width = in.i32(), height = in.i32(), levels = in.i32();
  if (!in.ok()) return false;
  const std::string badSize = BlockWorld::checkSize(width, height, levels);
  if (!badSize.empty()) return in.fail(badSize);
  const std::span<const uint8_t> raw = in.raw(static_cast<size_t>(width) * height * levels);
  if (!in.finish()) return false;
  for (size_t i = 0; i < raw.size(); ++i)
    if (raw[i] >= kBlockKindCount)
      return in.fail("block " + std::to_string(i) + " has code " + std::to_string(raw[i]) + ", no block (0.." +
                     std::to_string(kBlockKindCount - 1) + ")");
  std::string error;
  std::optional<BlockWorld> w =
      BlockWorld::fromBlocks(width, height, levels, {reinterpret_cast<const Block*>(raw.data()), raw.size()}, error);
  if (!w) return in.fail(error);
  world = std::move(*w);
  return true;
}

// The world's cost layer (BlockWorld::setCostLayer), a byte per cell, present only when it has one.
bool readCosts(SectionReader& in, BlockWorld& world) {
  const std::span<const uint8_t> layer = in.raw(static_cast<size_t>(world.cellCount()));
  if (!in.finish()) return false;
  const std::string bad = world.setCostLayer(layer);
  return bad.empty() || in.fail(bad);
}

bool readNodes(SectionReader& in, WorldHierarchyParts& p) {
  const uint32_t n = in.count(13, "node count");
  for (uint32_t i = 0; i < n && in.ok(); ++i) {
    const int32_t x = in.i32(), y = in.i32(), z = in.i32();
    p.nodeVoxel.push_back(Voxel{x, y, z});
    p.nodeLevel.push_back(in.u8());
  }
  const uint32_t free = in.count(4, "free id count");
  for (uint32_t i = 0; i < free && in.ok(); ++i) p.freeNodes.push_back(in.u32());
  return in.finish();
}

bool readVersions(SectionReader& in, WorldHierarchyParts& p) {
  p.version = in.u64();
  const uint32_t boxes = in.count(8, "box count");
  for (uint32_t i = 0; i < boxes && in.ok(); ++i) p.boxCellsVersion.push_back(in.u64());
  return in.finish();
}

bool readGraph(SectionReader& in, int32_t level, uint32_t nodes, WorldHierarchyParts::Level& g) {
  const uint64_t at = in.offset();
  const uint32_t n = in.count(8, "node count");
  if (in.ok() && n != nodes)
    return in.fail("node count " + std::to_string(n) + " at byte " + groupedNumber(at) + ", the nodes section has " +
                   std::to_string(nodes));
  const size_t stepBytes = level == 1 ? 1 : 4;
  for (uint32_t i = 0; i < n && in.ok(); ++i) {
    const uint32_t count = in.count(12, "edge count");
    g.count.push_back(count);
    g.searchCount.push_back(in.u32());
    for (uint32_t k = 0; k < count && in.ok(); ++k) {
      const uint32_t to = in.u32();
      g.edges.push_back(WorldEdge{to, in.f32()});
      const uint32_t length = in.count(stepBytes, "path length");
      g.pathLength.push_back(length);
      if (level == 1) {
        const std::span<const uint8_t> moves = in.raw(length);
        g.moves.insert(g.moves.end(), moves.begin(), moves.end());
      } else {
        for (uint32_t s = 0; s < length && in.ok(); ++s) g.via.push_back(in.u32());
      }
    }
  }
  return in.finish();
}

// The top level's landmark rows (optional: files without them compute fresh ones on load): the landmark
// count k and the k nodes (u32 each), the row count, then k distances (f32) per row.
bool readLandmarks(SectionReader& in, WorldHierarchyParts& p) {
  const uint32_t k = in.count(4, "landmark count");
  if (in.ok() && k > static_cast<uint32_t>(LandmarkTable::kMaxLandmarks))
    return in.fail("landmark count " + std::to_string(k) + " is above " + std::to_string(LandmarkTable::kMaxLandmarks));
  for (uint32_t i = 0; i < k && in.ok(); ++i) p.landmarkNodes.push_back(in.u32());
  const uint32_t rows = in.count(4 * static_cast<size_t>(std::max<uint32_t>(k, 1)), "row count");
  if (in.ok() && (k == 0) != (rows == 0)) return in.fail("rows without landmarks, or landmarks without rows");
  for (uint64_t i = 0; i < static_cast<uint64_t>(rows) * k && in.ok(); ++i) p.landmarkValues.push_back(in.f32());
  return in.finish();
}

}  // namespace

std::vector<uint8_t> serializeWorldHierarchy(const WorldHierarchy& hierarchy) {
  return serializeWorldHierarchyParts(hierarchy.parts());
}

std::vector<uint8_t> serializeWorldHierarchyParts(const WorldHierarchyParts& p) {
  // The sections in order, each counted then written into the one allocation (writeSectioned).
  std::vector<SectionSpec> specs = {{"options"}, {"world"}};
  if (p.world.hasCostLayer()) specs.push_back({"costs"});
  specs.push_back({"nodes"});
  specs.push_back({"versions"});
  const size_t firstGraph = specs.size();
  for (size_t l = 0; l < p.levels.size() && l < std::size(kGraphTags); ++l)
    specs.push_back({std::string(kGraphTags[l])});
  // Optional: a reader that does not know it computes the rows again, as before.
  if (!p.landmarkNodes.empty()) specs.push_back({"landmark", false});
  const auto write = [&](auto& out, size_t k) {
    const std::string& tag = specs[k].tag;
    if (tag == "options") {
      writeStoredOptions(p.options, WorldHierarchyOptions::fields(), out);
    } else if (tag == "world") {
      for (int32_t v : {p.world.width(), p.world.height(), p.world.levels()}) out.i32(v);
      out.raw(p.world.blocks());
    } else if (tag == "costs") {
      out.raw(p.world.costLayer());
    } else if (tag == "nodes") {
      writeNodes(p, out);
    } else if (tag == "versions") {
      out.u64(p.version);
      out.list(p.boxCellsVersion, [&](uint64_t v) { out.u64(v); });
    } else if (tag == "landmark") {
      out.list(p.landmarkNodes, [&](uint32_t n) { out.u32(n); });
      out.u32(static_cast<uint32_t>(p.landmarkValues.size() / p.landmarkNodes.size()));
      for (float v : p.landmarkValues) out.f32(v);
    } else {
      const size_t level = k - firstGraph;
      writeGraph(p.levels[level], static_cast<int32_t>(level + 1), out);
    }
  };
  return writeSectioned(kWorldHierarchyMagic, kWorldHierarchyFormatVersion, specs, write);
}

bool isWorldHierarchyBytes(std::span<const uint8_t> bytes) {
  return SectionedFile::hasMagic(bytes, kWorldHierarchyMagic);
}

std::optional<WorldHierarchyParts> readWorldHierarchyParts(std::span<const uint8_t> bytes, std::string& error) {
  std::optional<SectionedFile> file =
      SectionedFile::read(bytes, kWorldHierarchyMagic, "a block-world hierarchy", kOldestWorldHierarchyFormatVersion,
                          kWorldHierarchyFormatVersion, error);
  if (!file) return std::nullopt;
  static constexpr std::string_view kKnown[] = {"options", "world",  "costs",  "nodes",  "versions", "graph1",
                                                "graph2",  "graph3", "graph4", "graph5", "graph6",   "landmark"};
  error = file->checkKnown(kKnown);
  if (!error.empty()) return std::nullopt;
  auto section = [&](std::string_view tag) -> const Section* {
    const Section* s = file->find(tag);
    if (!s) error = "a block-world hierarchy without its '" + std::string(tag) + "' section";
    return s;
  };
  WorldHierarchyParts p;
  for (std::string_view tag : {"options", "world", "nodes", "versions"}) {
    const Section* s = section(tag);
    if (!s) return std::nullopt;
    SectionReader in(*s);
    const bool ok = tag == "options" ? readOptions(in, p.options, file->version())
                    : tag == "world" ? readWorld(in, p.world)
                    : tag == "nodes" ? readNodes(in, p)
                                     : readVersions(in, p);
    if (!ok) {
      error = in.error();
      return std::nullopt;
    }
  }
  if (const Section* s = file->find("costs")) {
    SectionReader in(*s);
    if (!readCosts(in, p.world)) {
      error = in.error();
      return std::nullopt;
    }
  }
  if (const Section* s = file->find("landmark")) {
    SectionReader in(*s);
    if (!readLandmarks(in, p)) {
      error = in.error();
      return std::nullopt;
    }
  }
  for (int32_t level = 1; level <= p.options.levels; ++level) {
    const Section* s = section(kGraphTags[level - 1]);
    if (!s) return std::nullopt;
    SectionReader in(*s);
    if (!readGraph(in, level, static_cast<uint32_t>(p.nodeVoxel.size()), p.levels.emplace_back())) {
      error = in.error();
      return std::nullopt;
    }
  }
  return p;
}

std::optional<WorldHierarchy> deserializeWorldHierarchy(std::span<const uint8_t> bytes, std::string& error) {
  std::optional<WorldHierarchyParts> parts = readWorldHierarchyParts(bytes, error);
  if (!parts) return std::nullopt;
  return WorldHierarchy::fromParts(std::move(*parts), error);
}

}  // namespace hpastar
