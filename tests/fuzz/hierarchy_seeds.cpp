// Writes the seed corpus of fuzz_hierarchy_loader: hierarchies of small maps, built with several option
// sets and serialized, each as the loader harness reads its input (one byte choosing the format version,
// then the container after its magic and version: section count, table and sections).
//   hierarchy_seeds <directory>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "hpa/HierarchySerialization.h"

using namespace hpastar;

namespace {

// Terrain rows of the seed maps: open ground, walls with doors, swamp and trees, a closed room.
const std::vector<std::vector<std::string>> kMaps = {
    {"........", "..@@....", "..@@..T.", "........", ".S......", "....@@@.", "........", "........"},
    {"......@.....", "......@.....", "............", "......@.....", "@@@.@@@@@.@@", "......@.....", "......@.....",
     "......S.....", "......@....."},
    {"..........", ".@@@@@@@@.", ".@......@.", ".@..TT..@.", ".@......@.", ".@@@@@@@@.", ".........."},
};

struct SeedOptions {
  const char* name;
  HierarchyOptions options;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: hierarchy_seeds <directory>\n");
    return 2;
  }
  std::vector<SeedOptions> sets = {
      {"plain", {.clusterSize = 4}},
      {"paths", {.clusterSize = 4, .cachePaths = true}},
      {"trees", {.clusterSize = 4, .cacheTrees = true}},
      {"levels2", {.clusterSize = 3, .levels = 2, .entranceWidth = 2, .cachePaths = true}},
      {"levels3", {.clusterSize = 2, .levels = 3, .pruneEdges = false}},
      {"landmarks", {.clusterSize = 4, .levels = 2, .landmarks = 3}},
      {"table", {.clusterSize = 4, .distanceTable = true}},
      {"all",
       {.clusterSize = 3, .levels = 2, .cachePaths = true, .cacheTrees = true, .landmarks = 2, .distanceTable = true}},
      // SHPA*'s merged cutting: the 'clusters' section.
      {"merged", {.clusterSize = 2, .mergedClusterSide = 4}},
      {"mergedtrees", {.clusterSize = 2, .cachePaths = true, .cacheTrees = true, .landmarks = 2, .mergedClusterSide = 6}},
      // Format 9's options: a detour bound, transitions inside wide entrances.
      {"spacing", {.clusterSize = 4, .entranceWidth = 2, .cacheTrees = true, .entranceSpacing = 2, .maxDetour = 0.05}},
  };
  int written = 0;
  for (size_t m = 0; m < kMaps.size(); ++m) {
    const auto& rows = kMaps[m];
    std::vector<uint8_t> terrain;
    for (const std::string& row : rows) terrain.insert(terrain.end(), row.begin(), row.end());
    std::string error;
    const auto grid =
        Grid::fromTerrain(static_cast<int32_t>(rows[0].size()), static_cast<int32_t>(rows.size()), terrain, error);
    if (!grid) {
      std::fprintf(stderr, "map %zu: %s\n", m, error.c_str());
      return 1;
    }
    // The map as it is, and with terrain costs (format 5 stores them): swamp at 3x and a layer of
    // sixteenths that varies along the rows.
    Grid weighted = *grid;
    std::vector<uint8_t> layer(static_cast<size_t>(weighted.cellCount()));
    for (size_t i = 0; i < layer.size(); ++i) layer[i] = static_cast<uint8_t>(8 + (i * 7) % 40);
    TerrainCosts costs;
    costs.set('S', 3.0);
    if (!weighted.setCostLayer(layer).empty() || !weighted.setTerrainCosts(costs).empty()) return 1;
    // And for an agent class of two cells a side on ground and trees (the grid stores its class).
    const Grid sized = weighted.forAgent(Agent{2, Capability{0x09}});
    const std::pair<const Grid*, const char*> variants[] = {{&*grid, ""}, {&weighted, "-costs"}, {&sized, "-size2"}};
    for (const auto& [variant, suffix] : variants)
      for (const SeedOptions& set : sets) {
        auto hierarchy = Hierarchy::build(*variant, set.options, error);
        if (!hierarchy) {
          std::fprintf(stderr, "map %zu, %s: %s\n", m, set.name, error.c_str());
          return 1;
        }
        // One edit, so that seeds also hold a version above 0 and possibly free node ids.
        const CellEdit edit{{1, 1}, '@'};
        hierarchy->applyEdits(std::span(&edit, 1));
        const std::vector<uint8_t> bytes = serializeHierarchy(*hierarchy);
        // The harness's version byte: kOldestHierarchyFormatVersion + byte % count gives the current version.
        std::vector<uint8_t> seed = {static_cast<uint8_t>(kHierarchyFormatVersion - kOldestHierarchyFormatVersion)};
        seed.insert(seed.end(), bytes.begin() + 12, bytes.end());
        const std::string path =
            std::string(argv[1]) + "/map" + std::to_string(m) + "-" + set.name + suffix;
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(seed.data()), static_cast<std::streamsize>(seed.size()));
        ++written;
      }
  }
  std::printf("%d seeds written to %s\n", written, argv[1]);
  return 0;
}
