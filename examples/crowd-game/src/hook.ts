// `window.game`: the game's state, read-only, for tests that play it (tests/package/run.mjs) and for the
// console. Every call returns a fresh copy: nothing read here changes the game.
import type { AgentState, Formation, Point } from 'hpastar';
import type { Counts, Game, Tool } from './game';
import { UNIT_TYPES } from './units';

export interface UnitView {
  readonly id: number;
  /** Its type's name: 'infantry', 'scout' or 'tank'. */
  readonly type: string;
  /** Its agent class: its square's side, the terrain it may stand on ('ground', 'ground,trees'). */
  readonly size: number;
  readonly capability: string;
  /** Its square's top-left corner, in cells (fractional while it steps). */
  readonly x: number;
  readonly y: number;
  /** The cell it stands on (its square's top-left cell): the last one it reached. */
  readonly cellX: number;
  readonly cellY: number;
  readonly selected: boolean;
  readonly goal: Point | null;
  readonly state: AgentState;
}

export interface GameHook {
  readonly ready: true;
  /** The pool's mode: 'shared' when the page is cross-origin isolated, else 'copied'. */
  readonly poolMode: string;
  readonly width: number;
  readonly height: number;
  readonly types: readonly { readonly name: string; readonly size: number; readonly capability: string; readonly speed: number; readonly colour: string }[];
  readonly tool: Tool;
  readonly formation: Formation;
  units(): UnitView[];
  /** The last order (its cell, formation and units) and how many arrived, went partial or found no way. */
  order(): { goal: Point; formation: Formation; ids: number[]; arrived: number; partial: number; unreachable: number } | null;
  /** The crowd's events since the start, and the wall updates the pool answered. */
  counts(): Counts;
  /** The terrain character of a cell now, as the crowd has it (walls painted included): '.', 'T', '@', ... */
  terrainAt(x: number, y: number): string;
  /** The waypoints of unit `id`'s plan still ahead, x, y pairs (null: no route, e.g. idle). */
  routeOf(id: number): number[] | null;
  /** What the status line says. */
  status(): string;
  /** The last frames' durations, in ms, oldest first (up to 240). */
  frameTimes(): number[];
}

/** Frame durations, kept in a ring (no allocation per frame). */
export class FrameTimes {
  readonly #ms = new Float64Array(240);
  #count = 0;

  add(ms: number): void {
    this.#ms[this.#count++ % this.#ms.length] = ms;
  }

  /** Frames per second over the kept frames (0 before the first). */
  fps(): number {
    const n = Math.min(this.#count, this.#ms.length);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += this.#ms[i]!;
    return sum > 0 ? (1000 * n) / sum : 0;
  }

  list(): number[] {
    const n = Math.min(this.#count, this.#ms.length), start = this.#count - n;
    return Array.from({ length: n }, (_, i) => this.#ms[(start + i) % this.#ms.length]!);
  }
}

declare global {
  interface Window {
    game?: GameHook;
  }
}

export function installHook(game: Game, poolMode: string, frames: FrameTimes, status: () => string): void {
  const crowd = game.crowd;
  const hook: GameHook = {
    ready: true,
    poolMode,
    width: game.width,
    height: game.height,
    types: UNIT_TYPES.map((t) => ({ name: t.name, size: t.agent.size, capability: t.agent.capability, speed: t.speed, colour: t.colour })),
    get tool() {
      return game.tool;
    },
    get formation() {
      return game.formation;
    },
    units: () =>
      [...crowd.agents()].map((a) => ({
        id: a.id,
        type: game.typeOf.get(a.id)?.name ?? '?',
        size: a.agent.size,
        capability: a.agent.capability,
        x: a.x,
        y: a.y,
        cellX: a.cellX,
        cellY: a.cellY,
        selected: game.selected.has(a.id),
        goal: a.goal && { x: a.goal.x, y: a.goal.y },
        state: a.state,
      })),
    order: () => game.order && { ...game.order, goal: { ...game.order.goal }, ids: [...game.order.ids] },
    counts: () => ({ ...game.counts }),
    terrainAt: (x, y) => String.fromCharCode(crowd.terrain[y * game.width + x]!),
    routeOf: (id) => {
      const route = crowd.routeOf(id);
      return route && Array.from(route.waypoints);
    },
    status,
    frameTimes: () => frames.list(),
  };
  window.game = Object.freeze(hook);
}
