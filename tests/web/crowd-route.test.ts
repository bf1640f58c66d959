// The crowd's route tests after a terrain change (web/lib/crowd/route.ts): each segment's box rules out
// changes far from it without reading its cells, and that must change no answer. Checked against the
// plain scans on random routes, walls and rebuilt rectangles.
import { describe, expect, test } from 'vitest';
import { cellBox, Route, segmentOf } from '../../web/lib/crowd/route';
import type { UpdateStats } from '../../web/lib/types';
import { inRects } from '../../web/lib/updates';

const WIDTH = 64;

/** A random 8-connected walk of `n` cells from (x, y), inside the 64 × 64 square. */
function walk(rng: () => number, x: number, y: number, n: number): Int32Array {
  const cells = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    x = Math.min(WIDTH - 1, Math.max(0, x + Math.floor(rng() * 3) - 1));
    y = Math.min(WIDTH - 1, Math.max(0, y + Math.floor(rng() * 3) - 1));
    cells[2 * i] = x;
    cells[2 * i + 1] = y;
  }
  return cells;
}

function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
}

/** Rebuilt level-1 rectangles of 1 to 3 clusters of 8 × 8 cells, as the pool reports them. */
function update(rng: () => number): UpdateStats {
  const rects: number[] = [];
  for (let k = 1 + Math.floor(rng() * 3); k > 0; k--) {
    const x = 8 * Math.floor(rng() * 8), y = 8 * Math.floor(rng() * 8);
    rects.push(x, y, x + 8, y + 8);
  }
  return { rebuilt: [{ level: 1, clusters: new Int32Array(rects.length / 4), rects: Int32Array.from(rects) }] } as unknown as UpdateStats;
}

describe('crowd routes: segment boxes change no answer', () => {
  test('crosses(update) equals reading every cell ahead, on 2,000 random routes', () => {
    const rng = xorshift(18);
    let crossing = 0;
    for (let t = 0; t < 2000; t++) {
      const waypoints = Int32Array.of(10, 10, 30, 30, 50, 50); // two segments, both refined below
      const first = walk(rng, Math.floor(rng() * WIDTH), Math.floor(rng() * WIDTH), 1 + Math.floor(rng() * 40));
      const route = new Route(waypoints, segmentOf(first, 1), 1);
      route.segments.set(1, segmentOf(walk(rng, first[first.length - 2]!, first[first.length - 1]!, 1 + Math.floor(rng() * 40)), 1));
      route.at = Math.floor(rng() * (first.length / 2));
      const u = update(rng);
      const rects = u.rebuilt[0]!.rects;
      // The plain reading: a refined cell ahead in a rebuilt rectangle (the segments' version is older).
      let plain = false;
      for (const [k, s] of route.segments) {
        for (let i = k === 0 ? 2 * route.at : 0; i < s.cells.length; i += 2) plain ||= inRects(rects, s.cells[i]!, s.cells[i + 1]!);
      }
      // Both segments of the plan are refined, so the cells decide alone.
      expect(route.crosses(rects, 2)).toBe(plain);
      expect(route.crosses(rects, 1)).toBe(false); // searched on the update's own version: kept
      crossing += plain ? 1 : 0;
    }
    expect(crossing).toBeGreaterThan(100);
    expect(crossing).toBeLessThan(1900);
  });

  test('aheadHits(cells, their box) equals looking every cell ahead up, on 2,000 random routes and walls', () => {
    const rng = xorshift(7);
    let hits = 0;
    for (let t = 0; t < 2000; t++) {
      const first = walk(rng, Math.floor(rng() * WIDTH), Math.floor(rng() * WIDTH), 1 + Math.floor(rng() * 60));
      const route = new Route(Int32Array.of(0, 0, 1, 1), segmentOf(first, 1), 1);
      route.at = Math.floor(rng() * (first.length / 2));
      const wall = new Set<number>();
      // Half the walls are put over a cell of the route (walked or ahead), half anywhere.
      const c = 2 * Math.floor(rng() * (first.length / 2));
      const near = t % 2 === 0;
      const wx = Math.max(0, Math.min(WIDTH - 6, near ? first[c]! - Math.floor(rng() * 6) : Math.floor(rng() * (WIDTH - 6))));
      const wy = Math.max(0, Math.min(WIDTH - 3, near ? first[c + 1]! - Math.floor(rng() * 3) : Math.floor(rng() * (WIDTH - 3))));
      for (let y = wy; y < wy + 3; y++) for (let x = wx; x < wx + 6; x++) wall.add(y * WIDTH + x);
      let plain = false;
      for (let i = 2 * route.at; i < first.length; i += 2) plain ||= wall.has(first[i + 1]! * WIDTH + first[i]!);
      expect(route.aheadHits(wall, cellBox(wall, WIDTH), WIDTH)).toBe(plain);
      hits += plain ? 1 : 0;
    }
    expect(hits).toBeGreaterThan(300);
    expect(hits).toBeLessThan(1700);
  });

  test('the box of cells and of a segment', () => {
    expect([...cellBox(new Set([3 * WIDTH + 5, 7 * WIDTH + 2]), WIDTH)]).toEqual([2, 3, 6, 8]);
    expect(cellBox(new Set(), WIDTH).length).toBe(0);
    expect([...segmentOf(Int32Array.of(4, 9, 5, 8, 6, 8), 3).box]).toEqual([4, 8, 7, 10]);
  });
});
