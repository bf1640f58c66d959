// The Learn page's live controls (issue 36): the settings a walkthrough is built with (cluster size,
// entrance width, levels, smoothing, the query's ends and the walls painted on the map), how they are
// read from and written to the permalink, where the student stays when they change, and the pointer on
// the map (a click, a dragged end, a stroke of paint). Builds are the page's: nothing here builds.
import type { Grid, Point } from '../../lib/index';

/** What a walkthrough is built with, beside its map and algorithm. */
export interface LearnSettings {
  cluster: number;
  levels: number;
  entrance: number;
  smooth: boolean;
  start: Point;
  goal: Point;
  /** Cells whose wall or ground the student flipped ('.' ↔ '@'), relative to the map's file. */
  paint: Point[];
}

/** What the map's pointer does: a click sets the start then the goal, one end only, or paints walls. */
export type MapTool = 'ends' | 'start' | 'goal' | 'paint';

const WALL = '@';
const GROUND = '.';

/** `paint=x,y;x,y…` of the permalink (malformed pairs left out). */
export function parsePaint(text: string | null): Point[] {
  if (!text) return [];
  const out: Point[] = [];
  for (const pair of text.split(';')) {
    const m = /^(\d+),(\d+)$/.exec(pair);
    if (m) out.push({ x: Number(m[1]), y: Number(m[2]) });
  }
  return out;
}

/**
 * Writes `s` into the address's parameters, each only where it differs from `defaults` (the link stays
 * as short as the page's own links; opening it gives the same settings either way).
 */
export function writeSettings(q: URLSearchParams, s: LearnSettings, defaults: LearnSettings): void {
  const put = (key: string, value: string, fallback: string) => (value === fallback ? q.delete(key) : q.set(key, value));
  const point = (p: Point) => `${p.x},${p.y}`;
  put('start', point(s.start), point(defaults.start));
  put('goal', point(s.goal), point(defaults.goal));
  put('cluster', String(s.cluster), String(defaults.cluster));
  put('levels', String(s.levels), String(defaults.levels));
  put('entrance', String(s.entrance), String(defaults.entrance));
  put('smooth', s.smooth ? '1' : '0', defaults.smooth ? '1' : '0');
  put('paint', s.paint.map(point).join(';'), '');
}

/** The flipped cells of `paint` applied to `grid` (cells that are neither wall nor ground are left alone). */
export function applyPaint(grid: Grid, terrain: Uint8Array, paint: readonly Point[]): void {
  for (const p of paint) {
    if (p.x >= grid.width || p.y >= grid.height) continue;
    const ch = String.fromCharCode(terrain[p.y * grid.width + p.x]!);
    if (ch === GROUND || ch === WALL) grid.setTerrain(p.x, p.y, ch === GROUND ? WALL : GROUND);
  }
}

/** `paint` with each cell of `stroke` flipped once more (a cell flipped twice is back as in the file). */
export function flipCells(paint: readonly Point[], stroke: readonly Point[]): Point[] {
  const key = (p: Point) => `${p.x},${p.y}`;
  const out = new Map(paint.map((p) => [key(p), p]));
  for (const p of stroke) {
    if (out.has(key(p))) out.delete(key(p));
    else out.set(key(p), p);
  }
  return [...out.values()];
}

/**
 * Where the student stays after a rebuild: the same phase, as many steps into it as before (clamped to
 * the phase's new length); a phase the new walkthrough lacks (higher levels with one level): the next
 * one it has, in `order`.
 */
export function keepPlace<P extends string>(before: readonly { phase: P }[], index: number, after: readonly { phase: P }[], order: readonly P[]): number {
  const phase = before[index]!.phase;
  const offset = index - before.findIndex((s) => s.phase === phase);
  for (const p of order.slice(order.indexOf(phase))) {
    const first = after.findIndex((s) => s.phase === p);
    if (first < 0) continue;
    let length = 0;
    while (first + length < after.length && after[first + length]!.phase === p) length++;
    return first + (p === phase ? Math.min(offset, length - 1) : 0);
  }
  return after.length - 1;
}

/** The map canvas's pointer, told apart: a click, an end dragged to another cell, or a stroke of paint. */
export interface MapPointerHandlers {
  /** The cell under the pointer (null: off the map). */
  cellAt(e: PointerEvent): Point | null;
  tool(): MapTool;
  /** The end whose marker is under the point (a finger's width of slack on a small map), or null. */
  endAt(at: { clientX: number; clientY: number }): 'start' | 'goal' | null;
  /** Whether a stroke may flip `p` (a wall or ground cell, not an end). */
  paintable(p: Point): boolean;
  /** Whether `p` is a wall now (with the stroke so far not applied). */
  isWall(p: Point): boolean;
  click(p: Point): void;
  moveEnd(end: 'start' | 'goal', p: Point): void;
  /** A cell of the stroke, drawn at once so the student sees it before the one rebuild at pointer up. */
  preview(p: Point, wall: boolean): void;
  /** The stroke's cells at pointer up (none: nothing to rebuild, only the preview to draw over). */
  stroke(cells: Point[]): void;
}

const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

/** Wires the canvas's pointer events to `h`: one rebuild per gesture, never per move. */
export function wireMapPointer(canvas: HTMLCanvasElement, h: MapPointerHandlers): void {
  let down: Point | null = null;
  let dragging: 'start' | 'goal' | null = null;
  let stroke: { wall: boolean; cells: Map<string, Point> } | null = null;
  const addToStroke = (p: Point | null) => {
    if (!stroke || !p || stroke.cells.has(`${p.x},${p.y}`) || !h.paintable(p) || h.isWall(p) === stroke.wall) return;
    stroke.cells.set(`${p.x},${p.y}`, p);
    h.preview(p, stroke.wall);
  };
  canvas.addEventListener('pointerdown', (e) => {
    down = h.cellAt(e);
    if (!down) return;
    canvas.setPointerCapture(e.pointerId);
    dragging = h.tool() === 'paint' ? null : h.endAt(e);
    // The stroke paints walls from ground, or ground from a wall: what its first cell is decides.
    stroke = h.tool() === 'paint' ? { wall: !h.isWall(down), cells: new Map() } : null;
    addToStroke(down);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (stroke) addToStroke(h.cellAt(e));
  });
  // A finger on an end's marker drags it: the page must not take the touch as a scroll (which cancels
  // the pointer). Elsewhere on the map a touch still scrolls the page, as the map fills a phone's screen.
  canvas.addEventListener(
    'touchstart',
    (e) => {
      if (e.touches.length === 1 && h.tool() !== 'paint' && h.endAt(e.touches[0]!)) e.preventDefault();
    },
    { passive: false },
  );
  canvas.addEventListener('pointerup', (e) => {
    const up = h.cellAt(e);
    const [from, end, painted] = [down, dragging, stroke];
    down = dragging = stroke = null;
    if (painted) {
      h.stroke([...painted.cells.values()]);
      return;
    }
    if (!from || !up) return;
    if (end && !same(from, up)) h.moveEnd(end, up);
    else if (same(from, up)) h.click(up);
  });
  canvas.addEventListener('pointercancel', () => {
    // A stroke cancelled (the browser took the gesture): nothing flipped, its preview drawn over.
    if (stroke) h.stroke([]);
    down = dragging = stroke = null;
  });
}
