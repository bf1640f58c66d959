/**
 * Where the units of a group stand when they arrive together (`Crowd.moveGroup`): each its own cell near
 * the goal, reachable from it for the unit's class, its square overlapping no other unit's, and laid out
 * as the formation asks (a cluster around the goal, a box, a line or a wedge across the way they go, or
 * the layout they have now).
 *
 * Per class, the cells are flooded from the goal over the class's legal moves (so every cell handed out
 * is reachable from the goal, and a big unit only gets cells its square fits); each unit then takes the
 * free flooded cell nearest its place in the formation, the biggest units first.
 * @internal
 * @module
 */
import type { Voxel } from '../types.ts';
import type { CrowdGround, UnitPort } from './units.ts';

/** How a group stands on arrival. */
export type Formation = 'cluster' | 'box' | 'line' | 'wedge' | 'keep';

/** The formations, for checking an order's option. */
export const FORMATIONS: readonly Formation[] = ['cluster', 'box', 'line', 'wedge', 'keep'];

/** A unit of a group order: its class and where it stands now. */
export interface GroupUnit {
  readonly port: UnitPort;
  readonly at: Voxel;
}

/**
 * A unit's cell in a group order, or why it has none: `'no-ground'` when its class stands nowhere near
 * the goal (no cell of its flood), `'crowded'` when every cell its class reaches there is taken.
 */
export type GroupSlot = Voxel | 'no-ground' | 'crowded';

/** Cells flooded per unit of a class, at least: room for every unit to be spaced and to choose. */
const FLOOD_PER_UNIT = 24;
const FLOOD_MIN = 256;

/**
 * A cell for each unit, or why there is none for it (GroupSlot), in the order given.
 * @param spacing - cells between the places of a box, line or wedge (at least the biggest unit's side)
 */
export function groupSlots(ground: CrowdGround, units: readonly GroupUnit[], goal: Voxel, formation: Formation, spacing: number): GroupSlot[] {
  const places = formationPlaces(units, goal, formation, spacing);
  const floods = new Map<UnitPort, Voxel[]>();
  const claimed = new Set<number>();
  const key = (x: number, y: number, z: number) => (z * ground.height + y) * ground.width + x;
  const fits = (c: Voxel, size: number) => {
    for (let y = c.y; y < c.y + size; y++) for (let x = c.x; x < c.x + size; x++) if (claimed.has(key(x, y, c.z))) return false;
    return true;
  };
  const slots: GroupSlot[] = units.map(() => 'no-ground');
  // The biggest first: they need the most room; then in the order given.
  const order = units.map((_, i) => i).sort((a, b) => units[b]!.port.agent.size - units[a]!.port.agent.size || a - b);
  for (const i of order) {
    const { port } = units[i]!;
    const size = port.agent.size;
    let cells = floods.get(port);
    if (!cells) floods.set(port, (cells = flood(ground, port, goal, Math.max(FLOOD_MIN, FLOOD_PER_UNIT * units.length * size * size))));
    const place = places[i]!;
    let best: Voxel | null = null;
    let bestDistance = Infinity;
    for (const c of cells) {
      const d = distance(c, place);
      if (d < bestDistance && fits(c, size)) {
        best = c;
        bestDistance = d;
      }
    }
    if (!best) {
      if (cells.length > 0) slots[i] = 'crowded';
      continue;
    }
    slots[i] = best;
    for (let y = best.y; y < best.y + size; y++) for (let x = best.x; x < best.x + size; x++) claimed.add(key(x, y, best.z));
  }
  return slots;
}

/** Octile distance on a level, a level's change counted as two steps. */
function distance(a: Voxel, b: Voxel): number {
  const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy) + 2 * Math.abs(a.z - b.z);
}

/**
 * The cells the class stands on that its moves reach from the goal (or from the cell nearest it where
 * the class stands), nearest first by steps, up to `limit`.
 */
function flood(ground: CrowdGround, port: UnitPort, goal: Voxel, limit: number): Voxel[] {
  const from = port.passable(goal) ? goal : port.nearestPassable(goal);
  if (!from) return [];
  const seen = new Set<number>();
  const key = (v: Voxel) => (v.z * ground.height + v.y) * ground.width + v.x;
  const out: Voxel[] = [from];
  seen.add(key(from));
  const { dx, dy, dz } = ground.moves;
  for (let head = 0; head < out.length && out.length < limit; head++) {
    const c = out[head]!;
    for (let m = 0; m < dx.length && out.length < limit; m++) {
      const n = { x: c.x + dx[m]!, y: c.y + dy[m]!, z: c.z + dz[m]! };
      if (n.x < 0 || n.y < 0 || n.z < 0 || n.x >= ground.width || n.y >= ground.height || n.z >= ground.levels) continue;
      const k = key(n);
      if (seen.has(k) || port.stepLength(c, n) === 0) continue;
      seen.add(k);
      out.push(n);
    }
  }
  return out;
}

/** Where each unit would stand in the formation, before the terrain has its say (cells, maybe blocked). */
function formationPlaces(units: readonly GroupUnit[], goal: Voxel, formation: Formation, spacing: number): Voxel[] {
  const n = units.length;
  const cx = units.reduce((s, u) => s + u.at.x, 0) / n, cy = units.reduce((s, u) => s + u.at.y, 0) / n;
  const place = (x: number, y: number): Voxel => ({ x: Math.round(goal.x + x), y: Math.round(goal.y + y), z: goal.z });
  if (formation === 'cluster') return units.map(() => goal);
  if (formation === 'keep') return units.map((u) => place(u.at.x - cx, u.at.y - cy));
  // The way the group goes, and across it; units keep their order across it, so that none crosses another.
  const length = Math.hypot(goal.x - cx, goal.y - cy);
  const [fx, fy] = length > 0 ? [(goal.x - cx) / length, (goal.y - cy) / length] : [0, -1];
  const [sx, sy] = [-fy, fx];
  const across = units.map((_, i) => i).sort((a, b) => side(units[a]!.at) - side(units[b]!.at) || a - b);
  function side(p: Voxel): number {
    return (p.x - cx) * sx + (p.y - cy) * sy;
  }
  const places: Voxel[] = new Array<Voxel>(n);
  if (formation === 'line') {
    across.forEach((u, k) => {
      const s = (k - (n - 1) / 2) * spacing;
      places[u] = place(sx * s, sy * s);
    });
  } else if (formation === 'wedge') {
    // The tip on the goal, then pairs further back on each side: the middle of the order at the tip.
    const byTip = across.map((u, k) => ({ u, k })).sort((a, b) => Math.abs(a.k - (n - 1) / 2) - Math.abs(b.k - (n - 1) / 2) || a.k - b.k);
    byTip.forEach(({ u, k }, rank) => {
      const back = Math.ceil(rank / 2) * spacing;
      const s = (k < (n - 1) / 2 ? -1 : k > (n - 1) / 2 ? 1 : 0) * back;
      places[u] = place(-fx * back + sx * s, -fy * back + sy * s);
    });
  } else {
    // A box: rows across the way, as square as it gets; the front row first.
    const columns = Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / columns);
    const ahead = units.map((_, i) => i).sort((a, b) => forward(units[b]!.at) - forward(units[a]!.at) || a - b);
    function forward(p: Voxel): number {
      return (p.x - cx) * fx + (p.y - cy) * fy;
    }
    for (let r = 0; r < rows; r++) {
      const row = ahead.slice(r * columns, (r + 1) * columns).sort((a, b) => side(units[a]!.at) - side(units[b]!.at) || a - b);
      row.forEach((u, c) => {
        const s = (c - (row.length - 1) / 2) * spacing, back = (r - (rows - 1) / 2) * spacing;
        places[u] = place(sx * s - fx * back, sy * s - fy * back);
      });
    }
  }
  return places;
}
