// Painting: the brush, the eraser and the rectangle change cells (their terrain or their cost), and the
// panel changes what a terrain kind costs; the planner on screen and the crowd are updated, the clusters
// rebuilt flash, and the query is planned again.
import type { TerrainCosts, TerrainEdit, UpdateStats, Point } from '../../lib/index';
import { hierarchyOptions } from '../algorithms';
import { errorText } from '../format';
import { passableCode } from '../hierarchyView';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import type { AppState, KindMultipliers, Paint } from '../state';
import type { QueryController } from './query';

export class TerrainEditor {
  constructor(private readonly state: AppState, private readonly panels: Panels, private readonly frames: FrameLoop, private readonly query: QueryController) {}

  /**
   * Paints cells with a terrain or a cost (cells that would not change are left out; terrain that blocks
   * is not painted on the start or the goal, a cost not on blocked cells); updates planners, overlays and crowd.
   */
  paint(cells: Iterable<[number, number]>, paint: Paint): void {
    const t0 = performance.now();
    this.#paint(cells, paint);
    const edits = this.state.demo.edits;
    edits.longestHandlerMs = Math.max(edits.longestHandlerMs, performance.now() - t0);
  }

  #paint(cells: Iterable<[number, number]>, paint: Paint): void {
    const st = this.state;
    const { shown: s, mode, start, goal } = st;
    if (!s) return;
    const edits: TerrainEdit[] = [];
    let changedPassability = false;
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    const terrain = paint.kind === 'terrain' ? String.fromCharCode(paint.code) : '';
    const blocks = paint.kind === 'terrain' && !passableCode(paint.code);
    const seen = new Set<number>();
    for (const [x, y] of cells) {
      if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
      const i = y * s.width + x;
      if (seen.has(i)) continue;
      seen.add(i);
      if (paint.kind === 'terrain') {
        if (s.terrain[i] === paint.code) continue;
        if (blocks && mode !== 'crowd' && ((start && start.x === x && start.y === y) || (goal && goal.x === x && goal.y === y))) continue;
        if (passableCode(s.terrain[i]!) !== !blocks) changedPassability = true;
        s.terrain[i] = paint.code;
        edits.push({ x, y, terrain });
      } else {
        if (s.costs[i] === paint.value || !passableCode(s.terrain[i]!)) continue;
        s.costs[i] = paint.value;
        edits.push({ x, y, cost: paint.value });
      }
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
    if (!edits.length) return;
    s.edited = true;
    s.image.update(x0, y0, x1, y1);
    const { algo, settings, crowd } = st;
    const mine = s.planners.applyEdits(edits, algo.levels ? hierarchyOptions(algo, settings) : null) ?? undefined;
    crowd?.applyEdits(edits);
    if (changedPassability) st.componentsDirty = true;
    this.#updated(edits.length, mine, crowd?.metrics.lastUpdateMs);
  }

  /**
   * Sets what crossing ground and swamp costs: on the grid (planners built from now on), the planner on
   * screen (it rebuilds the clusters around the cells of the changed kinds) and the crowd's pool.
   */
  setTerrainCosts(multipliers: KindMultipliers): void {
    const st = this.state;
    const { shown: s, algo, settings, crowd } = st;
    const costs: TerrainCosts = { ...multipliers };
    let mine: UpdateStats | undefined;
    if (s) {
      try {
        mine = s.planners.setTerrainCosts(costs, algo.levels ? hierarchyOptions(algo, settings) : null) ?? undefined;
      } catch (error) {
        // Out of range: the grid and the planners keep their costs, and so does the panel.
        this.panels.say(`Cannot set the terrain costs: ${errorText(error)}`, true);
        return;
      }
    }
    st.terrainCosts = multipliers;
    st.demo.terrainCosts = costs;
    if (!s) return;
    s.image.setKindCosts(s.planners.grid.terrainCosts);
    crowd?.setTerrainCosts(costs);
    this.#updated(mine?.cellsChanged ?? 0, mine, crowd?.metrics.lastUpdateMs);
  }

  /** After a change of the grid: the numbers, the flashes, SHPA* (rebuilt), the query planned again. */
  #updated(cells: number, mine: UpdateStats | undefined, crowdMs: number | undefined): void {
    const st = this.state;
    const { shown: s, algo, settings, demo } = st;
    if (!s) return;
    const ms = mine?.ms ?? crowdMs ?? 0;
    demo.edits.batches++;
    demo.edits.cells += cells;
    demo.edits.lastMs = ms;
    demo.edits.clustersRebuilt = [...(mine?.clustersRebuilt ?? [])];
    this.panels.showEditNumbers(cells, ms, mine?.clustersRebuilt ?? []);
    this.panels.showHud(); // the cell under the pointer may have changed
    // The clusters the planner rebuilt, as it reports them (its graph is fetched again when drawn).
    if (mine) demo.edits.flashed += st.flashes.add(mine.rebuilt);
    if (algo.kind === 'shpa') {
      // SHPA* is for static maps: its graph is built again from the edited terrain.
      try {
        const ms = s.planners.prepare(algo, settings);
        this.panels.showEditNumbers(cells, ms, [], ' (SHPA*: whole graph rebuilt, static maps only)');
        demo.edits.lastMs = ms;
      } catch (error) {
        this.panels.showEditNumbers(cells, 0, [], ' (SHPA* cannot be built)');
        this.panels.say(`SHPA*: ${errorText(error)}`, true);
      }
    }
    if (this.query.active()) this.query.run(true);
    // The figures (and the overlays' own count of the hierarchy) once the stroke pauses.
    clearTimeout(st.timers.buildInfo);
    st.timers.buildInfo = window.setTimeout(() => {
      const t0 = performance.now();
      this.panels.showBuildInfo();
      demo.buildInfoMs = performance.now() - t0;
    }, 250);
    this.frames.request();
  }

  /** Paints the brush's square around each cell of the stroke a → b (a fast stroke leaves no gaps). */
  paintStroke(a: Point, b: Point, paint: Paint): void {
    const cells: [number, number][] = [];
    for (const c of lineCells(a, b)) cells.push(...this.#brushCells(c.x, c.y));
    this.paint(cells, paint);
  }

  /** Paints the rectangle with corners a and b. */
  paintRect(a: Point, b: Point, paint: Paint): void {
    const cells: [number, number][] = [];
    for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++) {
      for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++) cells.push([x, y]);
    }
    this.paint(cells, paint);
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
