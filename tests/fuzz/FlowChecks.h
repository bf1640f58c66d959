#pragma once
// What the fuzz harnesses check on a flow field (flow/FlowField.h), of a grid or of a block world: every
// cell of the goal's component whose cluster was computed has a legal step, following the steps from any
// such cell reaches the goal without a cycle (and, where the oracle knows the shortest distance, never
// walks less than it), and every other cell has no step. The oracles come from the caller, written from
// the rules rather than read from the field's hierarchy.
#include <cstdint>
#include <string>
#include <vector>

#include "FuzzChecks.h"

namespace hpastar::fuzz {

// `Oracle` answers, for cell indices of the world: `count()`, `text(i)`, `inComponent(i)` (reachable
// from the goal by legal moves), `legal(i, move)`, `next(i, move)` (the index one move on), `cost(i,
// move)`, `shortest(i)` (the shortest distance to the goal, or a negative number when unknown) and
// `exactBelow()`: cells nearer the goal than that walk exactly the shortest way (FlowField.h's window).
template <typename Field, typename Oracle>
std::string flowFieldProblem(const Field& field, int32_t goal, const Oracle& oracle) {
  const int32_t n = oracle.count();
  const auto step = [&](int32_t i) { return field.directions()[static_cast<size_t>(i)]; };
  // The goal has no step (kNotComputed when no corridor asked for its cluster).
  if (step(goal) < Field::kNotComputed) return "the goal " + oracle.text(goal) + " has a step";
  for (int32_t i = 0; i < n; ++i) {
    const uint8_t d = step(i);
    if (d == Field::kNotComputed || i == goal) continue;
    if (!oracle.inComponent(i)) {
      if (d != Field::kNoStep) return "cell " + oracle.text(i) + " outside the goal's component has a step";
      continue;
    }
    if (d == Field::kNoStep) return "cell " + oracle.text(i) + " of the goal's component has no step";
    if (!oracle.legal(i, d)) return "the step " + std::to_string(d) + " of " + oracle.text(i) + " is not a legal move";
  }
  // Each walk ends at the goal, at a cell already walked (whose cost is known), or in a cluster left out.
  std::vector<double> walked(static_cast<size_t>(n), -2.0);  // -2 unknown, -1 ends in a cluster left out
  walked[static_cast<size_t>(goal)] = 0.0;
  std::vector<int32_t> walk;
  std::vector<uint8_t> onWalk(static_cast<size_t>(n), 0);
  for (int32_t start = 0; start < n; ++start) {
    if (walked[static_cast<size_t>(start)] != -2.0 || step(start) >= Field::kNotComputed) continue;
    walk.clear();
    int32_t i = start;
    while (walked[static_cast<size_t>(i)] == -2.0 && step(i) < Field::kNotComputed) {
      if (onWalk[static_cast<size_t>(i)]) return "following from " + oracle.text(start) + " cycles at " + oracle.text(i);
      onWalk[static_cast<size_t>(i)] = 1;
      walk.push_back(i);
      i = oracle.next(i, step(i));
    }
    if (walked[static_cast<size_t>(i)] == -2.0 && step(i) == Field::kNoStep)
      return "following from " + oracle.text(start) + " ends at " + oracle.text(i) + ", not at the goal";
    double cost = walked[static_cast<size_t>(i)] == -2.0 ? -1.0 : walked[static_cast<size_t>(i)];
    for (size_t k = walk.size(); k-- > 0;) {
      const int32_t w = walk[k];
      onWalk[static_cast<size_t>(w)] = 0;
      if (cost >= 0) cost += oracle.cost(w, step(w));
      walked[static_cast<size_t>(w)] = cost;
      const double shortest = oracle.shortest(w);
      if (cost >= 0 && shortest >= 0 && cost < shortest - 1e-6 * (1 + shortest))
        return "following from " + oracle.text(w) + " costs " + std::to_string(cost) + ", below the shortest " +
               std::to_string(shortest);
      if (cost >= 0 && shortest >= 0 && shortest < oracle.exactBelow() && cost > shortest + 1e-6 * (1 + shortest))
        return "following from " + oracle.text(w) + ", near the goal, costs " + std::to_string(cost) +
               ", not the shortest " + std::to_string(shortest);
    }
  }
  return "";
}

}  // namespace hpastar::fuzz
