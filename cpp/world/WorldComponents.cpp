#include "world/WorldComponents.h"

#include <algorithm>
#include <limits>

namespace hpastar {

WorldComponents::WorldComponents(const BlockWorld& world)
    : WorldComponents(world, WorldClusterLayout(world.width(), world.height(), world.levels(), world.width(),
                                                world.height(), world.levels())) {
  join({});
}

WorldComponents::WorldComponents(const BlockWorld& world, const WorldClusterLayout& boxes)
    : boxes_(boxes), region_(static_cast<size_t>(world.cellCount()), 0) {
  for (int m = 0; m < kWorldMoveCount; ++m) moveOffset_[m] = world.moveOffset(m);
  regionFirst_.resize(static_cast<size_t>(boxes.count()));
  for (int32_t b = 0; b < boxes.count(); ++b) relabelBox(world, b);
}

void WorldComponents::relabelBox(const BlockWorld& world, int32_t box) {
  const Box area = boxes_.box(box);
  for (int32_t z = area.z0; z < area.z1; ++z)
    for (int32_t y = area.y0; y < area.y1; ++y) {
      uint32_t* row = region_.data() + world.index(area.x0, y, z);
      std::fill(row, row + area.width(), 0u);
    }
  std::vector<int32_t>& firsts = regionFirst_[static_cast<size_t>(box)];
  firsts.clear();
  // The moves that would leave the box from a cell on one of its faces: [axis][0 low, 1 high].
  uint32_t leaves[3][2] = {};
  for (int m = 0; m < kWorldMoveCount; ++m) {
    const int32_t d[3] = {kWorldMoveDx[m], kWorldMoveDy[m], kWorldMoveDz[m]};
    for (int axis = 0; axis < 3; ++axis)
      if (d[axis] != 0) leaves[axis][d[axis] > 0 ? 1 : 0] |= 1u << m;
  }
  // Each cell on the stack with its coordinates, so that none is divided out of its index.
  std::vector<FillCell>& stack = fillStack_;
  for (int32_t z = area.z0; z < area.z1; ++z)
    for (int32_t y = area.y0; y < area.y1; ++y)
      for (int32_t x = area.x0, first = world.index(area.x0, y, z); x < area.x1; ++x, ++first) {
        if (region_[static_cast<size_t>(first)] != 0 || !world.standingAt(first, z)) continue;
        // A standing cell without any move is a region (and a component) of its own.
        firsts.push_back(first);
        const uint32_t label = static_cast<uint32_t>(firsts.size());
        region_[static_cast<size_t>(first)] = label;
        stack.push_back(FillCell{first, x, y, z});
        while (!stack.empty()) {
          const FillCell c = stack.back();
          stack.pop_back();
          uint32_t mask = world.moveMask(c.cell);
          if (c.x == area.x0) mask &= ~leaves[0][0];
          if (c.x == area.x1 - 1) mask &= ~leaves[0][1];
          if (c.y == area.y0) mask &= ~leaves[1][0];
          if (c.y == area.y1 - 1) mask &= ~leaves[1][1];
          if (c.z == area.z0) mask &= ~leaves[2][0];
          if (c.z == area.z1 - 1) mask &= ~leaves[2][1];
          for (; mask; mask &= mask - 1) {
            const int m = __builtin_ctz(mask);
            const int32_t next = c.cell + moveOffset_[m];
            if (region_[static_cast<size_t>(next)] != 0) continue;
            region_[static_cast<size_t>(next)] = label;
            stack.push_back(FillCell{next, c.x + kWorldMoveDx[m], c.y + kWorldMoveDy[m], c.z + kWorldMoveDz[m]});
          }
        }
      }
}

void WorldComponents::join(std::span<const Link> links) {
  regionBase_.resize(regionFirst_.size() + 1);
  regionBase_[0] = 0;
  for (size_t b = 0; b < regionFirst_.size(); ++b)
    regionBase_[b + 1] = regionBase_[b] + static_cast<uint32_t>(regionFirst_[b].size());
  firstCells_.resize(regionBase_.back());
  for (size_t b = 0; b < regionFirst_.size(); ++b)
    for (size_t r = 0; r < regionFirst_[b].size(); ++r)
      firstCells_[regionBase_[b] + r] = static_cast<uint64_t>(regionFirst_[b][r]);
  union_.reset(regionBase_.back());
  auto globalRegion = [&](int32_t cell, int32_t box) {
    return regionBase_[static_cast<size_t>(box)] + region_[static_cast<size_t>(cell)] - 1;
  };
  for (const Link& link : links) union_.join(globalRegion(link.cellA, link.boxA), globalRegion(link.cellB, link.boxB));
  count_ = union_.label(firstCells_, regionLabel_);
}

bool WorldComponents::labelsInOrder() {
  labelFirst_.assign(count_ + 1, std::numeric_limits<int32_t>::max());
  for (size_t b = 0; b < regionFirst_.size(); ++b)
    for (size_t r = 0; r < regionFirst_[b].size(); ++r) {
      int32_t& first = labelFirst_[regionLabel_[regionBase_[b] + r]];
      first = std::min(first, regionFirst_[b][r]);
    }
  for (size_t l = 2; l < labelFirst_.size(); ++l)
    if (labelFirst_[l - 1] >= labelFirst_[l]) return false;
  return true;
}

size_t WorldComponents::bytes() const {
  size_t firsts = 0;
  for (const auto& f : regionFirst_) firsts += f.capacity() * 4;
  return region_.capacity() * 4 + firsts + regionBase_.capacity() * 4 + regionLabel_.capacity() * 4 +
         firstCells_.capacity() * 8 + labelFirst_.capacity() * 4 + fillStack_.capacity() * sizeof(FillCell) +
         union_.bytes();
}

}  // namespace hpastar
