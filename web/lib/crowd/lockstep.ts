/**
 * A crowd for lockstep multiplayer: it advances by fixed ticks, and its state after N ticks depends only
 * on the map and the orders given for ticks 0..N-1, never on how fast the pool answered, so two
 * machines given the same orders stay in step; {@link LockstepTick.hash} compares them tick by tick.
 *
 * - Orders ({@link LockstepCrowd.order}) name the tick they take effect at; they are applied at its
 *   start, in the order given.
 * - Positions and step progress are integers: 1/1024 of a cell (a move's cost, 1, √2 or 2, rounded once
 *   to 1024, 1448, 2048), a speed rounded once to whole units per tick; waits and stalls count ticks.
 * - Every query the crowd asks of its pool at tick t (plans, segments, flow fields, terrain updates) is
 *   handed to it at the start of tick t + `answerDelayTicks`, with the others due then in the order asked.
 *   {@link LockstepCrowd.tick} waits for an answer not in by then: pick a delay the pool usually meets.
 *
 * It drives a {@link Crowd} (the same walking and avoidance), read through {@link LockstepCrowd.crowd};
 * that crowd refuses orders given to it directly.
 * - Its grid pools refresh their landmarks and distance table inside each terrain update
 *   (`createPathPool({ ..., heuristicRefresh: 'with-edits' })`) or have neither: by default a pool
 *   refreshes them on a timer after a change, and the ties of searches meanwhile depend on that timing.
 *
 * @example
 * ```ts
 * const lockstep = new LockstepCrowd({ pool, map, ticksPerSecond: 20, answerDelayTicks: 2 });
 * lockstep.order(0, { type: 'add', at: { x: 10, y: 12 }, options: { goal: { x: 200, y: 40 } } });
 * const { hash, events } = await lockstep.tick(); // send hash to the other machines
 * ```
 * @module
 */
import { describe, integerIn, positiveInt } from '../args.ts';
import type { Point, TerrainCosts, TerrainEdit } from '../types.ts';
import type { BlockChange, CellCostChange } from '../world.ts';
import { AnswerGate } from './answerGate.ts';
import { Crowd, CrowdClosedError, type AgentOptions, type CrowdEvent, type CrowdOptions, type GroupOptions } from './index.ts';
import { LOCKSTEP_LINK, LockstepLink, SET_TERRAIN_COSTS } from './lockstepLink.ts';
import { isWorldPool } from './units.ts';

/** Options of a {@link LockstepCrowd}: a {@link Crowd}'s, and its ticks. */
export interface LockstepOptions extends CrowdOptions {
  /** Ticks per second, an integer: an agent walks its speed / ticksPerSecond cells a tick (rounded to 1/1024). */
  readonly ticksPerSecond: number;
  /**
   * Ticks between a query and the tick its answer is applied at, 1 or more. Default 2. A tick whose
   * answers are not in waits for them: a delay the pool answers within keeps ticks on time.
   */
  readonly answerDelayTicks?: number;
}

/** An order of a {@link LockstepCrowd}, as its {@link Crowd}'s method of the same name takes it. */
export type LockstepOrder<P extends Point = Point> =
  /** `Crowd.addAgent(at, options)`: agents get ids 1, 2, ... in the order their add orders apply. */
  | { readonly type: 'add'; readonly at: P; readonly options?: AgentOptions<P> }
  /** `Crowd.setGoal(id, goal)`. */
  | { readonly type: 'goal'; readonly id: number; readonly goal: P | null }
  /** `Crowd.moveGroup(ids, goal, options)`. */
  | { readonly type: 'group'; readonly ids: readonly number[]; readonly goal: P; readonly options?: GroupOptions }
  /** `Crowd.setSpeed(id, speed)`. */
  | { readonly type: 'speed'; readonly id: number; readonly speed: number }
  /** `Crowd.removeAgent(id)`. */
  | { readonly type: 'remove'; readonly id: number }
  /** `Crowd.updateTerrain(edits)`, on a grid. */
  | { readonly type: 'terrain'; readonly edits: readonly TerrainEdit[] }
  /** `Crowd.applyBlockChanges(changes)`, on a block world. */
  | { readonly type: 'blocks'; readonly changes: readonly BlockChange[] }
  /** `Crowd.setTerrainCosts(costs)`, on a grid: what crossing each terrain kind costs. */
  | { readonly type: 'costs'; readonly costs: TerrainCosts }
  /** `Crowd.applyCostChanges(changes)`, on a block world: its cost layer. */
  | { readonly type: 'cellCosts'; readonly changes: readonly CellCostChange[] };

/** Each order type once, keyed by the union above: the compiler refuses a type missing here or one it does not declare. */
const ORDER_TYPE_KEYS: { readonly [T in LockstepOrder['type']]: true } = {
  add: true,
  goal: true,
  group: true,
  speed: true,
  remove: true,
  terrain: true,
  blocks: true,
  costs: true,
  cellCosts: true,
};
const ORDER_TYPES: readonly string[] = Object.keys(ORDER_TYPE_KEYS);

/** What a tick did. */
export interface LockstepTick<P extends Point = Point> {
  /** The tick (0 for the first). */
  readonly tick: number;
  /** The state hash after it (FNV-1a over each agent's id, cell, step and integer progress, state and goal, in id order). */
  readonly hash: number;
  /** The crowd's events of the tick, as {@link Crowd.step} gives them. */
  readonly events: CrowdEvent<P>[];
  /** The ids of the agents the tick's add orders made, in order. */
  readonly added: number[];
  /** Orders of the tick the crowd refused (the same on every machine), with its error's message. */
  readonly refused: { readonly order: LockstepOrder<P>; readonly reason: string }[];
}

/**
 * A crowd that advances by fixed ticks, in step with the same crowd on other machines given the same
 * orders (see the module's description). Made as a {@link Crowd} is, with `ticksPerSecond`.
 */
export class LockstepCrowd<P extends Point = Point> {
  /** The crowd it drives, to read (agents, routes, stats, terrain); it refuses orders given to it directly. */
  readonly crowd: Crowd<P>;
  readonly ticksPerSecond: number;
  readonly answerDelayTicks: number;
  readonly #link: LockstepLink;
  readonly #gate: AnswerGate;
  /** Orders by tick, each tick's in the order given. */
  readonly #orders = new Map<number, LockstepOrder<P>[]>();
  #ticks = 0;
  /** Whether a tick runs now (ticks run one after the other). */
  #running = false;
  /** The first tick whose orders are not applied yet: orders for earlier ticks come too late. */
  #open = 0;

  /**
   * @throws TypeError, RangeError - for options that are not as {@link LockstepOptions} says (naming the
   *   option), and anything `new Crowd` throws
   */
  constructor(options: LockstepOptions) {
    const where = 'LockstepCrowd';
    if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
    const { ticksPerSecond, answerDelayTicks, ...crowdOptions } = options;
    this.ticksPerSecond = positiveInt(where, 'ticksPerSecond', ticksPerSecond);
    this.answerDelayTicks = positiveInt(where, 'answerDelayTicks', answerDelayTicks ?? 2);
    for (const pool of crowdOptions.pools ?? [crowdOptions.pool]) refuseBackgroundRefresh(where, pool);
    this.#link = new LockstepLink(this.ticksPerSecond);
    this.#gate = new AnswerGate(this.answerDelayTicks);
    const gate = <T,>(pool: T): T => (typeof pool === 'object' && pool !== null ? this.#gate.gate(pool) : pool);
    this.crowd = new Crowd<P>({
      ...crowdOptions,
      ...(crowdOptions.pool !== undefined && { pool: gate(crowdOptions.pool) }),
      ...(Array.isArray(crowdOptions.pools) && { pools: crowdOptions.pools.map(gate) }),
      [LOCKSTEP_LINK]: this.#link,
    } as CrowdOptions);
  }

  /** Ticks done: the next {@link LockstepCrowd.tick} is this one. */
  get ticks(): number {
    return this.#ticks;
  }

  /** The state hash now (as the last tick's {@link LockstepTick.hash}). */
  stateHash(): number {
    return this.#link.stateHash();
  }

  /**
   * Gives `order` for tick `tick`: applied at its start, after the orders given for it before.
   * @throws TypeError - for a tick that is not an integer, or an order of no known type
   * @throws RangeError - for a tick whose orders are applied already
   */
  order(tick: number, order: LockstepOrder<P>): void {
    const where = 'LockstepCrowd.order';
    integerIn(where, 'tick', tick, 0, Number.MAX_SAFE_INTEGER);
    if (tick < this.#open) throw new RangeError(`${where}: tick ${tick} is past: orders are taken for tick ${this.#open} on`);
    if (typeof order !== 'object' || order === null || !ORDER_TYPES.includes(order.type)) {
      throw new TypeError(`${where}: order must be { type, ... } of type ${ORDER_TYPES.join(', ')}, got ${describe(order)}`);
    }
    const orders = this.#orders.get(tick);
    if (orders) orders.push(order);
    else this.#orders.set(tick, [order]);
  }

  /**
   * Runs the next tick: once every answer due at it is in, hands them to the crowd in the order asked,
   * applies the tick's orders in the order given, and moves every agent by one tick.
   * @throws Error - when the previous tick has not resolved yet
   * @throws CrowdClosedError - once a pool of the crowd is closed
   */
  async tick(): Promise<LockstepTick<P>> {
    if (this.#running) throw new Error('LockstepCrowd.tick: the previous tick has not finished: await it before the next');
    this.#running = true;
    try {
      const tick = this.#ticks;
      await this.#gate.release(tick);
      this.#open = tick + 1;
      this.#link.driving = true;
      try {
        const { added, refused } = this.#apply(this.#orders.get(tick) ?? []);
        this.#orders.delete(tick);
        const events = this.crowd.step(1 / this.ticksPerSecond);
        this.#ticks = tick + 1;
        return { tick, hash: this.#link.stateHash(), events, added, refused };
      } finally {
        this.#link.driving = false;
      }
    } finally {
      this.#running = false;
    }
  }

  /** Applies a tick's orders; those the crowd refuses are reported (every machine refuses them alike). */
  #apply(orders: readonly LockstepOrder<P>[]): Pick<LockstepTick<P>, 'added' | 'refused'> {
    const added: number[] = [];
    const refused: { order: LockstepOrder<P>; reason: string }[] = [];
    for (const order of orders) {
      try {
        const id = this.#applyOne(order);
        if (id !== undefined) added.push(id);
      } catch (error) {
        if (error instanceof CrowdClosedError || !(error instanceof Error)) throw error;
        refused.push({ order, reason: error.message });
      }
    }
    return { added, refused };
  }

  /** One order to the crowd; the new agent's id for an add. */
  #applyOne(order: LockstepOrder<P>): number | undefined {
    const crowd = this.crowd;
    switch (order.type) {
      case 'add':
        return crowd.addAgent(order.at, order.options);
      case 'goal':
        crowd.setGoal(order.id, order.goal);
        return undefined;
      case 'group':
        crowd.moveGroup(order.ids, order.goal, order.options);
        return undefined;
      case 'speed':
        crowd.setSpeed(order.id, order.speed);
        return undefined;
      case 'remove':
        crowd.removeAgent(order.id);
        return undefined;
      // An update's answer is applied by the crowd at its tick; a pool that closes meanwhile is seen by the next tick.
      case 'terrain':
        void crowd.updateTerrain(order.edits).catch(() => undefined);
        return undefined;
      case 'blocks':
        void crowd.applyBlockChanges(order.changes).catch(() => undefined);
        return undefined;
      // Costs change no cell's passability: routes are kept, plans asked from this tick on follow them.
      case 'costs':
        void crowd[SET_TERRAIN_COSTS](order.costs).catch(() => undefined);
        return undefined;
      case 'cellCosts':
        void crowd.applyCostChanges(order.changes).catch(() => undefined);
        return undefined;
    }
  }
}

/**
 * A grid pool with landmarks or a distance table refreshes them in its workers after a terrain change,
 * by default between jobs on a timer: until then searches use the stale tables, and ties may fall another
 * way, so an answer would depend on when it was asked in wall-clock time. A lockstep crowd's grid pools
 * refresh inside the update (`heuristicRefresh: 'with-edits'`) or have neither table. A block world's
 * pool brings them up to date inside every update.
 */
function refuseBackgroundRefresh(where: string, pool: unknown): void {
  if (isWorldPool(pool)) return;
  const { options, heuristicRefresh } = (pool ?? {}) as { options?: { landmarks?: unknown; distanceTable?: unknown }; heuristicRefresh?: unknown };
  const landmarks = typeof options?.landmarks === 'number' ? options.landmarks : 0;
  if ((landmarks > 0 || options?.distanceTable === true) && heuristicRefresh !== 'with-edits') {
    throw new TypeError(`${where}: the pool refreshes its landmarks (${landmarks}) and distance table in the background after a terrain change, so its answers would depend on timing: make it with heuristicRefresh: 'with-edits' (or hierarchy: { landmarks: 0, distanceTable: false })`);
  }
}
