/**
 * Goals that many agents share: each gets a flow field from the pool (one search-free field instead of
 * one plan per agent), asked again after terrain updates, kept while agents follow it.
 * @module
 */
import type { FlowField } from '../flowField.ts';
import type { PathPool } from '../pool/index.ts';
import type { Agent, Point } from '../types.ts';

/** @internal A shared goal: its agents, its field and the pool's answers. */
interface Goal {
  readonly point: Point;
  members: number;
  field: FlowField | null;
  /** The terrain version last asked for (a field is asked once per version). */
  asked: number;
  pending: boolean;
  /** Why the pool refused the goal (a blocked goal), on the version asked. */
  refused: string | null;
}

/** @internal */
export class SharedGoals {
  readonly #goals = new Map<number, Goal>();
  readonly #pool: PathPool;
  readonly #width: number;
  /** What the pool's flow fields for these agents carry: their class, when the pool serves several. */
  readonly #asks: { readonly agent?: Agent };
  /** The newest terrain version: fields older than it are asked for again. */
  version: number;
  /** Fields asked of the pool since the start. */
  asked = 0;
  inFlight = 0;

  constructor(pool: PathPool, width: number, asks: { readonly agent?: Agent }) {
    this.#pool = pool;
    this.#width = width;
    this.#asks = asks;
    this.version = pool.version;
  }

  key(p: Point): number {
    return p.y * this.#width + p.x;
  }

  join(p: Point): void {
    const key = this.key(p);
    const goal = this.#goals.get(key);
    if (goal) goal.members++;
    else this.#goals.set(key, { point: { x: p.x, y: p.y }, members: 1, field: null, asked: -1, pending: false, refused: null });
  }

  leave(p: Point): void {
    const key = this.key(p);
    const goal = this.#goals.get(key);
    if (goal && --goal.members <= 0) this.#goals.delete(key);
  }

  members(p: Point): number {
    return this.#goals.get(this.key(p))?.members ?? 0;
  }

  /**
   * The field of goal `p` (perhaps of an older terrain: its steps are checked as they are taken), after
   * asking the pool for one on the newest terrain if not done yet; null while none has come.
   * `refused` is the pool's reason when it refused the goal on the newest terrain.
   */
  field(p: Point): { field: FlowField | null; refused: string | null } {
    const goal = this.#goals.get(this.key(p));
    if (!goal) return { field: null, refused: null };
    if (!goal.pending && goal.asked < this.version) this.#ask(goal);
    return { field: goal.field, refused: goal.asked === this.version && !goal.pending ? goal.refused : null };
  }

  /** Whether `field` is the newest the terrain allows (no update since its version). */
  current(field: FlowField): boolean {
    return field.version >= this.version;
  }

  #ask(goal: Goal): void {
    const version = this.version;
    goal.asked = version;
    goal.pending = true;
    this.asked++;
    this.inFlight++;
    this.#pool.flowField(goal.point, this.#asks).then(
      (field) => {
        this.inFlight--;
        goal.pending = false;
        goal.refused = null;
        if (!goal.field || field.version >= goal.field.version) goal.field = field;
      },
      (error: unknown) => {
        this.inFlight--;
        goal.pending = false;
        goal.field = null;
        goal.refused = error instanceof Error ? error.message : String(error);
      },
    );
  }
}
