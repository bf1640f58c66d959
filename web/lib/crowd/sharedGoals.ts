/**
 * Goals that many agents share: each gets a flow field from the pool (one search-free field instead of
 * one plan per agent), asked again after terrain updates, kept while agents follow it.
 * @module
 */
import type { Voxel } from '../types.ts';
import type { CrowdGround, FieldAnswer, UnitPort } from './units.ts';

/** @internal A shared goal: its agents, its field and the pool's answers. */
interface Goal {
  readonly point: Voxel;
  members: number;
  field: FieldAnswer | null;
  /** The terrain version last asked for (a field is asked once per version). */
  asked: number;
  pending: boolean;
  /** Why the pool refused the goal (a blocked goal), on the version asked. */
  refused: string | null;
  /** Answers lost in a row to failures (a worker that died), not refusals of the goal. */
  failures: number;
}

/**
 * Fields lost in a row to failures before the goal is given up (reported unreachable with the failure):
 * a goal whose job kills every worker it reaches must not be asked for ever.
 */
const FIELD_RETRIES = 3;

/** @internal */
export class SharedGoals {
  readonly #goals = new Map<number, Goal>();
  readonly #unit: UnitPort;
  readonly #ground: CrowdGround;
  /** The newest terrain version: fields older than it are asked for again. */
  version: number;
  /** Fields asked of the pool since the start. */
  asked = 0;
  inFlight = 0;

  readonly #onFailure: () => void;

  /** `onFailure` is called after a field the pool did not answer (it may have closed). */
  constructor(unit: UnitPort, ground: CrowdGround, onFailure: () => void) {
    this.#unit = unit;
    this.#ground = ground;
    this.#onFailure = onFailure;
    this.version = unit.pool.version;
  }

  key(p: Voxel): number {
    return (p.z * this.#ground.height + p.y) * this.#ground.width + p.x;
  }

  join(p: Voxel): void {
    const key = this.key(p);
    const goal = this.#goals.get(key);
    if (goal) goal.members++;
    else this.#goals.set(key, { point: { x: p.x, y: p.y, z: p.z }, members: 1, field: null, asked: -1, pending: false, refused: null, failures: 0 });
  }

  leave(p: Voxel): void {
    const key = this.key(p);
    const goal = this.#goals.get(key);
    if (goal && --goal.members <= 0) this.#goals.delete(key);
  }

  members(p: Voxel): number {
    return this.#goals.get(this.key(p))?.members ?? 0;
  }

  /**
   * The field of goal `p` (perhaps of an older terrain: its steps are checked as they are taken), after
   * asking the pool for one on the newest terrain if not done yet; null while none has come.
   * `refused` is the pool's reason when it refused the goal on the newest terrain.
   */
  field(p: Voxel): { field: FieldAnswer | null; refused: string | null } {
    const goal = this.#goals.get(this.key(p));
    if (!goal) return { field: null, refused: null };
    if (!goal.pending && goal.asked < this.version) this.#ask(goal);
    return { field: goal.field, refused: goal.asked === this.version && !goal.pending ? goal.refused : null };
  }

  /** Whether `field` is the newest the terrain allows (no update since its version). */
  current(field: FieldAnswer): boolean {
    return field.version >= this.version;
  }

  #ask(goal: Goal): void {
    const version = this.version;
    goal.asked = version;
    goal.pending = true;
    this.asked++;
    this.inFlight++;
    this.#unit.flowField(goal.point).then(
      (field) => {
        this.inFlight--;
        goal.pending = false;
        goal.refused = null;
        goal.failures = 0;
        if (!goal.field || field.version >= goal.field.version) goal.field = field;
      },
      (error: unknown) => {
        this.inFlight--;
        goal.pending = false;
        // The pool refuses a blocked or outside goal with a RangeError or TypeError. Any other Error is a
        // failure that says nothing of the goal (a worker that died, a pool that closed): asked again.
        const refusal = error instanceof RangeError || error instanceof TypeError;
        if (!refusal && ++goal.failures <= FIELD_RETRIES) {
          goal.asked = -1;
        } else {
          goal.field = null;
          goal.refused = error instanceof Error ? error.message : String(error);
        }
        this.#onFailure();
      },
    );
  }
}
