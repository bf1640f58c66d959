// Painting: the brush, the eraser and the rectangle change cells; the planner on screen and the crowd
// are updated, the clusters rebuilt flash, and the query is planned again.
import type { Point, TerrainEdit } from '../../lib/index';
import { hierarchyOptions } from '../algorithms';
import { passableCode } from '../hierarchyView';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState } from '../state';
import type { QueryController } from './query';

export class TerrainEditor {
  constructor(private readonly state: AppState, private readonly panels: Panels, private readonly frames: FrameLoop, private readonly query: QueryController) {}

  /** Changes cells to `code` (start and goal are kept free); updates planners, overlays and crowd. */
  paint(cells: Iterable<[number, number]>, code: number): void {
    const st = this.state;
    const { shown: s, algo, settings, mode, start, goal, crowd, demo } = st;
    if (!s) return;
    const edits: TerrainEdit[] = [];
    const changedPassability: [number, number][] = [];
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    const terrain = String.fromCharCode(code);
    const seen = new Set<number>();
    for (const [x, y] of cells) {
      if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
      const i = y * s.width + x;
      if (seen.has(i) || s.terrain[i] === code) continue;
      seen.add(i);
      if (mode !== 'crowd' && ((start && start.x === x && start.y === y) || (goal && goal.x === x && goal.y === y))) continue;
      if (passableCode(s.terrain[i]!) !== passableCode(code)) changedPassability.push([x, y]);
      s.terrain[i] = code;
      edits.push({ x, y, terrain });
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
    if (!edits.length) return;
    s.edited = true;
    s.image.update(s.terrain, x0, y0, x1, y1);
    const mine = s.planners.applyEdits(edits, algo.levels ? hierarchyOptions(algo, settings) : null) ?? undefined;
    crowd?.applyEdits(edits);
    const ms = mine?.ms ?? crowd?.metrics.lastUpdateMs ?? 0;
    demo.edits.batches++;
    demo.edits.cells += edits.length;
    demo.edits.lastMs = ms;
    demo.edits.clustersRebuilt = [...(mine?.clustersRebuilt ?? [])];
    this.panels.showEditNumbers(edits.length, ms, mine?.clustersRebuilt ?? []);
    // The clusters the planner rebuilt, as it reports them (its graph is fetched again when drawn).
    if (mine) demo.edits.flashed += st.flashes.add(mine.rebuilt);
    if (changedPassability.length) st.componentsDirty = true;
    if (algo.kind === 'shpa') {
      // SHPA* is for static maps: its graph is built again from the edited terrain.
      const ms = s.planners.prepare(algo, settings);
      this.panels.showEditNumbers(edits.length, ms, [], ' (SHPA*: whole graph rebuilt, static maps only)');
      demo.edits.lastMs = ms;
    }
    if (this.query.active()) this.query.run(true);
    // The figures (and the overlays' own count of the hierarchy) once the stroke pauses.
    clearTimeout(st.timers.buildInfo);
    st.timers.buildInfo = window.setTimeout(() => this.panels.showBuildInfo(), 250);
    this.frames.request();
  }

  /** Paints the brush's square around each cell of the stroke a → b (a fast stroke leaves no gaps). */
  paintStroke(a: Point, b: Point, code: number): void {
    const cells: [number, number][] = [];
    for (const c of lineCells(a, b)) cells.push(...this.#brushCells(c.x, c.y));
    this.paint(cells, code);
  }

  /** Paints the rectangle with corners a and b. */
  paintRect(a: Point, b: Point, code: number): void {
    const cells: [number, number][] = [];
    for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++) {
      for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++) cells.push([x, y]);
    }
    this.paint(cells, code);
  }

  #brushCells(cx: number, cy: number): [number, number][] {
    const r = this.state.brushSize - 1;
    const out: [number, number][] = [];
    for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) out.push([x, y]);
    return out;
  }
}

/** The cells on the segment a → b (Bresenham). */
function lineCells(a: Point, b: Point): Point[] {
  const out: Point[] = [];
  let x = a.x, y = a.y;
  const dx = Math.abs(b.x - a.x), dy = -Math.abs(b.y - a.y);
  const sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    out.push({ x, y });
    if (x === b.x && y === b.y) break;
    const e2 = 2 * err;
    if (e2 >= dy) (err += dy), (x += sx);
    if (e2 <= dx) (err += dx), (y += sy);
  }
  return out;
}
