#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "world/WorldHierarchy.h"

namespace hpastar {

// A block world's hierarchy as bytes: the sectioned container (io/SectionedFormat.h) with the magic
// "HPAWORLD" and these sections, all required:
//
//   options   the option table's stored fields in its order (contract/OptionSchema.h): clusterSide,
//             clusterLevels, levels, entranceWidth, entranceSpacing (i32 each), boxTrees (u8); from format 2 on
//             also landmarks (i32) and distanceTable (u8); from format 3 on also maxDetour (f64)
//   world     width, height, levels (i32 each), then one byte per block in index order (Blocks.h codes)
//   nodes     node id count, per id its cell (3 x i32) and level (u8, 0 unused), then the free ids (count, u32 each)
//   versions  the hierarchy's version (u64), then per level-1 box the version its cells last changed at (count, u64
//   each) graph1 .. graphN   per abstraction level: node id count, then per id its edge count and searched count
//             (u32 each) and each edge: target (u32), cost (f32), path length (u32) and the path's steps
//             (level 1: move codes, a byte each; above: nodes of the level below, u32 each)
//
// and, optional, when the planner has landmarks:
//
//   landmark  the top level's landmark rows as the planner holds them (repaired by edits, not recomputed):
//             landmark count k (u32), the k landmark nodes (u32 each), the row count (u32), then per row
//             (node id) k distances (f32); a file without it (or a reader that skips it) computes fresh rows
//
// What follows from these (regions, component labels, transitions, cluster memberships) is computed
// again on load, then every stored part is checked against the world (checkWorldHierarchyParts). A part
// added later (per-voxel costs, per-node trees) is one more section; a reader skips the optional
// sections it does not know and refuses the required ones, naming them.
inline constexpr char kWorldHierarchyMagic[8] = {'H', 'P', 'A', 'W', 'O', 'R', 'L', 'D'};
// Format 2 stores two more options (landmarks, distanceTable), format 3 one more (maxDetour); older files
// load with those at their defaults. A new stored option bumps the version and adds a line here, so older
// files stay readable.
inline constexpr uint32_t kWorldHierarchyFormatVersion = 3;
inline constexpr uint32_t kOldestWorldHierarchyFormatVersion = 1;
inline constexpr size_t storedWorldOptionCount(uint32_t formatVersion) {
  return formatVersion >= 3 ? 9 : formatVersion >= 2 ? 8 : 6;
}

std::vector<uint8_t> serializeWorldHierarchy(const WorldHierarchy& hierarchy);
// The same for stored parts, written as they are (consistent or not: the loader checks).
std::vector<uint8_t> serializeWorldHierarchyParts(const WorldHierarchyParts& parts);

// Whether the bytes start with the block-world magic (what tells them from a 2D hierarchy's).
bool isWorldHierarchyBytes(std::span<const uint8_t> bytes);

// The parts as stored, each count checked against the bytes before anything is allocated for it; nothing,
// and `error` naming the section, the byte and the value, when the bytes are not such a container.
std::optional<WorldHierarchyParts> readWorldHierarchyParts(std::span<const uint8_t> bytes, std::string& error);

// Reads bytes written by serializeWorldHierarchy. Bytes from outside are hostile: foreign bytes, another
// format version, damaged sections (checksums), counts the bytes cannot hold and parts that no build
// could have produced are refused with `error` saying which and where.
std::optional<WorldHierarchy> deserializeWorldHierarchy(std::span<const uint8_t> bytes, std::string& error);

}  // namespace hpastar
