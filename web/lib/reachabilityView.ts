/**
 * A pool's component labels on the main thread: `componentOf` and `isReachable` answered inside a frame
 * (two or three array reads, no message to a worker), kept current by the pool's terrain updates.
 *
 * What it holds is what the hierarchy's labels are made of (hpa/Reachability.h): per cell, its region in
 * its level-1 cluster; per cluster, its regions' component labels. An edit changes the regions of the
 * clusters it rebuilt and the small table only, so the pool sends those, not a map of labels.
 * @module
 */
import { cell } from './args.ts';
import type { Point } from './types.ts';

/** @internal The labels a worker sends (the planner's `labels`): whole map or the rebuilt rects. */
export interface LabelsMessage {
  readonly version: number;
  /** x0, y0, x1, y1 per rect. */
  readonly rects: Int32Array;
  /** Each rect's cells' regions (0: blocked), row-major, rect after rect. */
  readonly regions: Uint32Array;
  /** Cluster c's regions are entries regionBase[c] .. regionBase[c + 1] - 1 of `regionComponent`. */
  readonly regionBase: Uint32Array;
  readonly regionComponent: Uint32Array;
}

/** @internal How a cell's level-1 cluster is found (the planner's `labelLayout`). */
export interface LabelLayout {
  readonly side: number;
  readonly columns: number;
  /** Merged clusters: each cell's cluster; empty for squares. */
  readonly cellClusters: Uint32Array;
}

/**
 * The component labels of one agent class of a pool, on this thread (see `PathPool.reachabilityView`).
 * Its answers are those of the terrain version {@link ReachabilityView.version}: the pool brings it to each
 * new version when that version's `updateTerrain` resolves.
 */
export class ReachabilityView {
  readonly width: number;
  readonly height: number;
  #version: number;
  readonly #side: number;
  readonly #columns: number;
  readonly #cellClusters: Uint32Array;
  readonly #regions: Uint32Array;
  #regionBase: Uint32Array;
  #regionComponent: Uint32Array;

  /** @internal Made by the pool from a worker's answer for the whole map. */
  constructor(width: number, height: number, layout: LabelLayout, labels: LabelsMessage) {
    this.width = width;
    this.height = height;
    this.#side = layout.side;
    this.#columns = layout.columns;
    this.#cellClusters = layout.cellClusters;
    this.#regions = new Uint32Array(width * height);
    this.#version = labels.version - 1;
    this.#regionBase = labels.regionBase;
    this.#regionComponent = labels.regionComponent;
    this.apply(labels);
  }

  /** The terrain version the answers are of: 0 for the pool's first terrain, then one more per update. */
  get version(): number {
    return this.#version;
  }

  /**
   * The component of cell `p`: 1 or more, the same label as the planner's `componentOf`; 0 for a cell
   * the class cannot stand on, or one outside the map.
   * @throws TypeError - when `p` is not a cell (integer x and y)
   */
  componentOf(p: Point): number {
    cell('ReachabilityView.componentOf', 'p', p);
    return this.#label(p.x, p.y);
  }

  /**
   * Whether a path joins `a` and `b` (both cells the class stands on, in one component).
   * @throws TypeError - when `a` or `b` is not a cell
   */
  isReachable(a: Point, b: Point): boolean {
    cell('ReachabilityView.isReachable', 'a', a);
    cell('ReachabilityView.isReachable', 'b', b);
    const la = this.#label(a.x, a.y);
    return la !== 0 && la === this.#label(b.x, b.y);
  }

  /**
   * @internal The labels of the next version (the rects the update rebuilt, the new tables); a version
   * the view holds already is ignored, and one that skips a version is refused (the pool sends them all,
   * in order).
   */
  apply(labels: LabelsMessage): void {
    if (labels.version <= this.#version) return;
    if (labels.version !== this.#version + 1) throw new Error(`ReachabilityView: labels of version ${labels.version} reached a view of version ${this.#version}`);
    const { rects, regions } = labels;
    let at = 0;
    for (let i = 0; i < rects.length; i += 4) {
      const x0 = rects[i]!, y0 = rects[i + 1]!, x1 = rects[i + 2]!, y1 = rects[i + 3]!;
      const w = x1 - x0;
      for (let y = y0; y < y1; y++, at += w) this.#regions.set(regions.subarray(at, at + w), y * this.width + x0);
    }
    this.#regionBase = labels.regionBase;
    this.#regionComponent = labels.regionComponent;
    this.#version = labels.version;
  }

  #label(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    const i = y * this.width + x;
    const region = this.#regions[i]!;
    if (region === 0) return 0;
    const side = this.#side;
    const cluster = this.#cellClusters.length > 0 ? this.#cellClusters[i]! : Math.floor(y / side) * this.#columns + Math.floor(x / side);
    return this.#regionComponent[this.#regionBase[cluster]! + region - 1]!;
  }
}
