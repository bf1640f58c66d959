// The game's state and rules, apart from the page: which units are selected, the orders given, the walls
// painted, and what the crowd reported of them. The input module calls it, the renderer reads it.
import type { Crowd, CrowdEvent, Formation, Point, TerrainEdit } from 'hpastar';
import type { UnitType } from './units';

export type Tool = 'select' | 'walls';

/** The last order and what came of it, for the status line and the test hook. */
export interface OrderReport {
  readonly goal: Point;
  readonly formation: Formation;
  readonly ids: readonly number[];
  /** Units that reached their place (`'arrived'`). */
  arrived: number;
  /** Units that cannot reach the goal and go to the nearest cell they can reach instead (`'partial'`). */
  partial: number;
  /** Units with no way at all (`'unreachable'`): they stop. */
  unreachable: number;
}

/** What the crowd reported since the start. */
export interface Counts {
  arrived: number;
  partial: number;
  unreachable: number;
  replanned: number;
  snapped: number;
  stalled: number;
  /** Wall updates the pool has answered. */
  wallUpdates: number;
}

const NO_EDITS: readonly TerrainEdit[] = Object.freeze([]);
/** The wall brush: a square of this many cells around the cursor's cell. */
const BRUSH = 3;

export class Game {
  readonly selected = new Set<number>();
  tool: Tool = 'select';
  formation: Formation = 'cluster';
  order: OrderReport | null = null;
  /** Why the last order or wall update did not go through, until the next one. */
  problem = '';
  readonly counts: Counts = { arrived: 0, partial: 0, unreachable: 0, replanned: 0, snapped: 0, stalled: 0, wallUpdates: 0 };
  /** Cells painted since the last frame: they go to the crowd (and its pool) as one update. */
  #pending: TerrainEdit[] = [];
  /** The last order's units, to credit the crowd's events to it. */
  #ordered = new Set<number>();

  constructor(
    readonly crowd: Crowd,
    readonly typeOf: ReadonlyMap<number, UnitType>,
    readonly width: number,
    readonly height: number,
  ) {}

  /** The unit whose square holds the cell, or is within a cell of it (one-cell units are small to click). */
  unitAt(cell: Point): number | null {
    let best: number | null = null;
    let bestDistance = Infinity;
    for (const a of this.crowd.agents()) {
      const half = a.agent.size / 2;
      const d = Math.max(Math.abs(a.x + half - (cell.x + 0.5)), Math.abs(a.y + half - (cell.y + 0.5))) - half;
      if (d <= 1 && d < bestDistance) {
        best = a.id;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Selects the units whose square's centre is in the box of cells (corners in any order); `add` keeps the selection. */
  selectBox(a: Point, b: Point, add: boolean): void {
    if (!add) this.selected.clear();
    const x0 = Math.min(a.x, b.x), x1 = Math.max(a.x, b.x) + 1, y0 = Math.min(a.y, b.y), y1 = Math.max(a.y, b.y) + 1;
    for (const u of this.crowd.agents()) {
      const cx = u.x + u.agent.size / 2, cy = u.y + u.agent.size / 2;
      if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) this.selected.add(u.id);
    }
  }

  /** A click: the unit under it alone (with `add`, toggled in the selection), or nothing on empty ground. */
  selectAt(cell: Point, add: boolean): void {
    const id = this.unitAt(cell);
    if (!add) this.selected.clear();
    if (id === null) return;
    if (add && this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /**
   * Sends the selection to the cell as a group: the crowd gives each unit a cell of its own near the
   * goal, reachable for its class, laid out in the formation.
   */
  orderTo(cell: Point): void {
    this.problem = '';
    if (this.selected.size === 0) {
      this.problem = 'no unit selected: drag a box round some first';
      return;
    }
    const ids = [...this.selected];
    const goal = clamp(cell, this.width, this.height);
    this.crowd.moveGroup(ids, goal, { formation: this.formation });
    this.order = { goal, formation: this.formation, ids, arrived: 0, partial: 0, unreachable: 0 };
    this.#ordered = new Set(ids);
  }

  /** Paints the brush's cells around `cell` (walls, or open ground with `erase`); they go to the crowd next frame. */
  paint(cell: Point, erase: boolean): void {
    const r = (BRUSH - 1) / 2;
    const terrain = erase ? '.' : '@';
    for (let y = cell.y - r; y <= cell.y + r; y++) {
      for (let x = cell.x - r; x <= cell.x + r; x++) {
        if (x >= 0 && y >= 0 && x < this.width && y < this.height) this.#pending.push({ x, y, terrain });
      }
    }
  }

  /**
   * The cells painted since the last call, sent to the crowd as one update (it moves units off new walls
   * at once and re-plans those whose routes cross them); the caller redraws them. Empty when none.
   */
  flushWalls(): readonly TerrainEdit[] {
    if (this.#pending.length === 0) return NO_EDITS;
    const edits = this.#pending;
    this.#pending = [];
    const refused = (error: unknown) => (this.problem = `walls refused: ${error instanceof Error ? error.message : String(error)}`);
    try {
      // The crowd's terrain changes now (the caller redraws it); the pool's answer comes later.
      this.crowd.updateTerrain(edits).then(() => this.counts.wallUpdates++, refused);
    } catch (error) {
      // Refused at once (a closed pool): nothing changed.
      refused(error);
      return NO_EDITS;
    }
    return edits;
  }

  /** Counts what the crowd reported, and credits it to the last order when it is about its units. */
  handle(events: readonly CrowdEvent[]): void {
    const order = this.order;
    for (const e of events) {
      const ours = order !== null && this.#ordered.has(e.agent);
      if (e.type === 'arrived') {
        this.counts.arrived++;
        if (ours) order.arrived++;
      } else if (e.type === 'partial') {
        this.counts.partial++;
        if (ours) order.partial++;
      } else if (e.type === 'unreachable') {
        this.counts.unreachable++;
        if (ours) order.unreachable++;
      } else if (e.type === 'replanned') this.counts.replanned++;
      else if (e.type === 'snapped') this.counts.snapped++;
      else if (e.type === 'stalled') this.counts.stalled++;
    }
  }

  /** The last order in words: how many went where, and what became of them. */
  orderText(): string {
    if (this.problem) return this.problem;
    const o = this.order;
    if (!o) return 'drag a box to select units, right click to send them';
    let text = `order: ${o.ids.length} units to (${o.goal.x}, ${o.goal.y}) in a ${o.formation}, ${o.arrived} arrived`;
    if (o.partial) text += `, ${o.partial} cannot reach it (partial path: going to the nearest reachable cell)`;
    if (o.unreachable) text += `, ${o.unreachable} have no way at all`;
    return text;
  }
}

function clamp(p: Point, width: number, height: number): Point {
  return { x: Math.min(width - 1, Math.max(0, p.x)), y: Math.min(height - 1, Math.max(0, p.y)) };
}
