#pragma once
#include <functional>
#include <string>

#include "world/WorldHierarchy.h"

namespace hpastar {

// Whether stored parts are ones a build and updates of `skeleton`'s world could have made: "" when they
// are, else the first problem ("level 1 node 17 at (3, 4, 1): edge to node 40: its path's move 5 at
// (9, 4, 1) is not legal"). `skeleton` is the hierarchy WorldHierarchy::fromParts starts from: the
// parts' world and options, its regions, transitions and component labels computed, no graph yet.
//
// Checked, every count and index before it is read: the array sizes; the nodes are exactly the cells at
// the transitions' ends, each at the highest level whose border one of its transitions crosses, and the
// free ids exactly the unused ones; per level, each node's edges go to nodes of that level, sorted and
// unique in each part; the inter-edges are exactly the level-1 transitions that leave a cluster of the
// level, with their move's cost, never left out of searches; the intra-edges are symmetric, join two
// nodes of one cluster exactly when the level below joins them inside it (level 1: one region), and
// each has a stored path replayed through the world's legal moves (level 1, inside the box) or the level
// below's edges (above, inside the cluster) from one end to the other, its cost recomputed; an edge left
// out of searches is as long as a way through a third node.
//
// `boxTrees`, when given, is called once the nodes are checked and returns the level-1 boxes' trees
// over those nodes (WorldBoxTrees, nodes in id order per box; nullptr without the option): a load
// computes them anyway. With them a level-1 intra-edge's cost must be the tree's distance between its
// ends, so the shortest (which a replay cannot tell), and a stored path that is one of its ends' tree
// paths is checked by its moves' legality and the tree's parent moves, no cost summed; another path (an
// update kept it) is replayed as without trees. Without trees, and above level 1, the shortest is not
// checked: that would be a search per pair, the build itself. The sections' checksums catch accidents.
std::string checkWorldHierarchyParts(const WorldHierarchyParts& parts, const WorldHierarchy& skeleton,
                                     const std::function<const WorldBoxTrees*()>& boxTrees = {});

}  // namespace hpastar
