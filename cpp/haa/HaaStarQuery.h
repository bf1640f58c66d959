#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "haa/AnnotatedHierarchy.h"
#include "search/AnnotatedAStarSearch.h"
#include "search/PathResult.h"
#include "search/SearchSpace.h"

namespace hpastar {

// One thread's HAA* searches (Harabor and Botea, 2008) against a shared, read-only AnnotatedHierarchy
// (which must outlive it), for the agent (size and capability) given with each query.
//
// A query joins start and goal to the nodes of their clusters by reading the hierarchy's join trees
// (AnnotatedHierarchy::traceToNode), or without them with one Dijkstra of Annotated A* each (kept in the
// query, never in the shared graph); a start and a goal in the same cluster are also joined directly,
// by Annotated A* inside it. It answers "no path" from the hierarchy's components of
// that agent when no node the start reaches shares one with a node the goal reaches, runs A* over the
// edges whose annotation admits the agent, and refines each abstract edge without searching: an
// inter-edge is one step, an intra-edge the path the hierarchy stored for it (the cheapest edge between
// the two nodes that admits the agent: the agent's own shortest inside the cluster, as the abstract
// search counted it), and the start's and the goal's pieces are traced up the join trees (or in the two
// joining searches, kept apart for that). Paths are sequences of anchors (the footprint's top-left cells), as
// Annotated A*'s.
//
// Scratch is kept and reused: after the first queries nothing is allocated but to grow `out.cells`.
class HaaStarQuery {
 public:
  explicit HaaStarQuery(const AnnotatedHierarchy& hierarchy) : h_(&hierarchy) {}

  // Sets out.status, out.cells, out.cost and out.stats (insertion, abstract search, refinement, and the
  // abstract path's nodes). StartInvalid when the hierarchy does not serve the agent
  // (AnnotatedHierarchy::checkAgent says why) or the agent cannot stand at start; GoalInvalid when it
  // cannot stand at goal. The shape of every query object's findPath (the agent is HAA*'s options), so
  // that the batch engine runs HAA* as it runs the others.
  PathStatus findPath(Point start, Point goal, PathResult& out, const Agent& agent);

  // After a query that got as far as the abstract search: its nodes, start first and goal last (the
  // start is nodeCount(), the goal nodeCount() + 1 of the hierarchy). Empty otherwise.
  std::span<const uint32_t> abstractPath() const { return abstractPath_; }

  const AnnotatedHierarchy& hierarchy() const { return *h_; }

 private:
  struct EndpointEdge {
    uint32_t node;
    double cost;
  };
  // Joins start and goal to the nodes of their clusters; returns the start-goal cost inside their
  // common cluster (-1 when they are in different clusters or not joined inside it).
  double connectEndpoints(Point start, Point goal, uint64_t& expanded);
  // The nodes of `cluster` the agent can use, and their cells: it stands on the node's cell and some
  // edge of the node admits it. Only those are the insertion searches' targets: a Dijkstra stops once
  // its targets are settled, and a node the agent cannot reach or leave would keep it going to the end
  // of the cluster for nothing.
  void usableNodes(int32_t cluster, std::vector<uint32_t>& nodes, std::vector<Point>& cells) const;
  // Whether some node joined to the start has the component of some node joined to the goal.
  bool componentsMeet() const;
  // A* over the admitting edges from the start to the goal; true when the goal was reached.
  bool searchAbstract(double direct, uint64_t& expanded);
  // Turns abstractPath_ into cells; false on an abstract edge it cannot follow (never, by construction).
  bool refine(PathResult& out);
  // The cheapest edge from `from` to `to` that admits the agent, or nullptr.
  const AnnotatedEdge* cheapestAdmittedEdge(uint32_t from, uint32_t to) const;

  const AnnotatedHierarchy* h_;
  // The agent of the current query.
  int32_t size_ = 1;
  Capability capability_;
  int32_t capabilityIndex_ = 0;
  const ClearanceMap* clearance_ = nullptr;
  std::vector<int32_t> admittedGroups_;  // capability indices within the agent's (AnnotatedHierarchy::edges)
  Point start_, goal_;

  // The searches joining the start and the goal to their clusters' nodes, kept until refinement traces
  // the start's and the goal's pieces in them (without join trees); with them, startSearch_ finds only
  // the direct path of a start and a goal in the same cluster, kept in direct_.
  AnnotatedAStarSearch startSearch_, goalSearch_;
  PathResult direct_;
  NodeSearchSpace space_;
  std::vector<Point> targets_;
  std::vector<uint32_t> targetNodes_;  // the nodes of targets_ (all but a direct goal)
  std::vector<EndpointEdge> startEdges_;
  std::vector<uint32_t> goalNodes_;
  std::vector<double> goalCost_;     // [node]: cost to the goal, valid when goalStamp_ is stamp_
  std::vector<uint32_t> goalStamp_;  // [node]
  uint32_t stamp_ = 0;
  std::vector<uint32_t> abstractPath_;
  std::vector<double> heuristicOf_;  // [node]: the abstract search's heuristic, valid while the node is open
};

}  // namespace hpastar
