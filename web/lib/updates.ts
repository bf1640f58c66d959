/**
 * What a terrain update rebuilt, as the planner ({@link HPAStar.applyEdits}) and the pool
 * ({@link PathPool.updateTerrain}) answer it, and the test of a path against it: a path whose cells stay
 * out of every rebuilt cluster is exactly as good after the update as before (its cells and the
 * clusters it crosses did not change), so only paths that cross a rebuilt cluster need planning again.
 * @module
 */
import type { RawUpdateStats } from 'hpastar:raw';
import { describe } from './args.ts';
import type { UpdateStats } from './types.ts';

/** @internal The module's update figures as the package's frozen {@link UpdateStats}. */
export function updateStatsOf(update: RawUpdateStats): UpdateStats {
  return Object.freeze({
    cellsChanged: update.cellsChanged,
    clustersRebuilt: Object.freeze(update.clustersRebuilt),
    rebuilt: Object.freeze(update.rebuilt.map((r) => Object.freeze({ level: r.level, clusters: r.clusters, rects: r.rects }))),
    ms: update.ms,
    topGraphChanged: update.topGraphChanged,
  });
}

/** @internal What an update without edits rebuilt: nothing, on each of `levels` levels. */
export function emptyUpdateStats(levels: number): UpdateStats {
  return Object.freeze({ cellsChanged: 0, ...nothingRebuilt(levels, 'rects'), ms: 0, topGraphChanged: false });
}

/**
 * @internal The rebuilt lists of an update that changed nothing, on each of `levels` levels: no cluster,
 * and no cluster's area (`area`: 'rects' on a grid, 'boxes' in a block world).
 */
export function nothingRebuilt<Area extends string>(levels: number, area: Area) {
  const numbers = Array.from({ length: levels }, (_, l) => l + 1);
  const empty = (level: number) => Object.freeze({ level, clusters: new Int32Array(0), ...({ [area]: new Int32Array(0) } as Record<Area, Int32Array>) });
  return { clustersRebuilt: Object.freeze(numbers.map(() => 0)), rebuilt: Object.freeze(numbers.map(empty)) };
}

/**
 * @internal The union of what several hierarchies of one map rebuilt (one per agent class): the cells
 * changed once, each rebuilt rectangle once per level (the levels of the deepest; ids are each class's
 * own, the same clusters when the classes share the cluster size), the time of all, and whether any top
 * graph changed.
 */
export function unionOfUpdates(updates: readonly UpdateStats[]): UpdateStats {
  if (updates.length === 1) return updates[0]!;
  const levels = Math.max(...updates.map((u) => u.rebuilt.length));
  const rebuilt = Array.from({ length: levels }, (_, l) => {
    // Each rectangle once (classes that share the cluster size rebuild the same clusters), by id.
    const byRect = new Map<string, { id: number; rect: number[] }>();
    for (const r of updates.flatMap((u) => (u.rebuilt[l] ? [u.rebuilt[l]] : []))) {
      r.clusters.forEach((id, k) => {
        const rect = Array.from(r.rects.subarray(4 * k, 4 * k + 4));
        byRect.set(rect.join(','), { id, rect });
      });
    }
    const clusters = [...byRect.values()].sort((a, b) => a.id - b.id || a.rect[1]! - b.rect[1]! || a.rect[0]! - b.rect[0]!);
    return Object.freeze({ level: l + 1, clusters: Int32Array.from(clusters, (c) => c.id), rects: Int32Array.from(clusters.flatMap((c) => c.rect)) });
  });
  return Object.freeze({
    cellsChanged: updates[0]!.cellsChanged,
    clustersRebuilt: Object.freeze(rebuilt.map((r) => r.clusters.length)),
    rebuilt: Object.freeze(rebuilt),
    ms: updates.reduce((sum, u) => sum + u.ms, 0),
    topGraphChanged: updates.some((u) => u.topGraphChanged),
  });
}

/**
 * Whether the cells `cells` (x0, y0, x1, y1, … as paths give them), from cell index `from` on, cross a
 * cluster that `update` rebuilt on level 1 (the clusters of every cell whose passability changed and of
 * its neighbours): true means the path may cross a new wall or miss a new shortcut and is worth planning
 * again; false means the update changed nothing it goes through.
 * @example
 * ```ts
 * const update = await pool.updateTerrain(edits);
 * for (const agent of agents) if (pathCrossesUpdate(agent.path, update, agent.at)) replan(agent);
 * ```
 * @throws TypeError - when `cells` is not an Int32Array of x, y pairs or `from` is not a cell index
 */
export function pathCrossesUpdate(cells: Int32Array, update: UpdateStats, from = 0): boolean {
  const where = 'pathCrossesUpdate';
  if (!(cells instanceof Int32Array) || cells.length % 2 !== 0) {
    throw new TypeError(`${where}: cells must be an Int32Array of x, y pairs, got ${describe(cells)}`);
  }
  if (!Number.isInteger(from) || from < 0) throw new TypeError(`${where}: from must be an integer of 0 or more, got ${describe(from)}`);
  const rects = update.rebuilt[0]?.rects;
  if (!rects || rects.length === 0) return false;
  for (let k = 2 * from; k < cells.length; k += 2) {
    if (inRects(rects, cells[k]!, cells[k + 1]!)) return true;
  }
  return false;
}

/** @internal Whether (x, y) lies in one of `rects` (x0, y0, x1, y1 each, x1 and y1 exclusive). */
export function inRects(rects: Int32Array, x: number, y: number): boolean {
  for (let r = 0; r < rects.length; r += 4) {
    if (x >= rects[r]! && y >= rects[r + 1]! && x < rects[r + 2]! && y < rects[r + 3]!) return true;
  }
  return false;
}
