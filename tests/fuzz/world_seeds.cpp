// Writes the seed corpus of fuzz_world_loader: hierarchies of small generated block worlds, built with
// several option sets, some updated by a few block changes (versions above 0, free node ids), serialized.
//   world_seeds <directory>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "world/SeededRandom.h"
#include "world/WorldGenerator.h"
#include "world/WorldHierarchySerialization.h"

using namespace hpastar;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: world_seeds <directory>\n");
    return 2;
  }
  struct Seed {
    WorldKind kind;
    int32_t side, tall, levels, changes;
  };
  const Seed seeds[] = {{WorldKind::Caves, 4, 2, 1, 0},  {WorldKind::Caves, 4, 2, 2, 3},
                        {WorldKind::Towers, 4, 4, 2, 0}, {WorldKind::Hills, 4, 2, 3, 2},
                        {WorldKind::Hills, 8, 4, 1, 0},  {WorldKind::Towers, 2, 1, 3, 4}};
  int written = 0;
  for (const Seed& s : seeds) {
    WorldHierarchyOptions options;
    options.clusterSide = s.side;
    options.clusterLevels = s.tall;
    options.levels = s.levels;
    std::string error;
    std::optional<WorldHierarchy> h = WorldHierarchy::build(generateWorld(s.kind, 12, 10, 4, 1), options, error);
    if (!h) {
      std::fprintf(stderr, "%s: %s\n", worldKindName(s.kind), error.c_str());
      return 1;
    }
    SeededRandom random(static_cast<uint64_t>(written + 1));
    for (int k = 0; k < s.changes; ++k) {
      const BlockWorld& w = h->world();
      const BlockChange c{w.voxelOf(random.below(w.cellCount())), k % 2 ? Block::Air : Block::Solid};
      h->applyBlockChanges({&c, 1});
    }
    const std::vector<uint8_t> bytes = serializeWorldHierarchy(*h);
    const std::string path = std::string(argv[1]) + "/seed-" + worldKindName(s.kind) + "-" + std::to_string(written);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ++written;
  }
  std::printf("wrote %d seeds to %s\n", written, argv[1]);
  return 0;
}
