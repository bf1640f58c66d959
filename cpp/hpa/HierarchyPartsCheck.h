#pragma once
#include <cstdint>
#include <string>

#include "hpa/Hierarchy.h"

namespace hpastar {

// Checks stored hierarchy parts (from bytes, hence hostile) before anything is derived from them.
// Returns "" when the parts are ones a build and its edits could have produced, else the first problem
// found, naming the level, cluster or node. What is checked:
//  - ids: every node id in range, used ids on distinct passable cells, unused ids listed once as free;
//  - nodes: each level-1 cluster's node cells are exactly the transition cells its entrances give
//    (recomputed from the grid), with the levels their transitions cross; each level's blocks hold
//    exactly the nodes of that level inside them, ascending;
//  - edges: inter-edges exactly the transitions (cost 1), intra-edges symmetric, inside one cluster,
//    between nodes of one region, with finite costs between the octile distance and what the cluster
//    can hold, and joining every node that the level below connects inside the cluster;
//  - regions: equal to the labels recomputed from the grid, so reachability answers are exact;
//  - cached paths: legal steps inside the cluster from one end of their edge to the other, costing the
//    edge's cost; at upper levels, node sequences along edges of the level below;
//  - DHPA* trees: from every cell of the node's region a legal step inside the cluster to a cell
//    nearer the node (so every walk ends at the node), consistent with the step's cost; no entry
//    elsewhere.
// Not checked: that an intra-edge without a cached path is the shortest in-cluster distance (that needs
// the searches a build makes). A forged, in-bounds cost can make answers longer, never illegal or missing.
// Work and scratch memory are linear in the size of the parts.
std::string checkHierarchyParts(const HierarchyParts& parts);

// At most the scratch checkHierarchyParts holds, for parts with `nodes` node ids whose largest level-1
// cluster has `clusterCells` cells and whose largest block takes `blockBytes` bytes as stored: union-find
// sets and sorted lists over the nodes, and one cluster's recomputed transitions, links, regions and walks.
uint64_t checkHierarchyPartsScratch(uint64_t nodes, uint64_t clusterCells, uint64_t blockBytes);

}  // namespace hpastar
