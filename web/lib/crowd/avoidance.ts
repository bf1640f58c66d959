/**
 * Local avoidance of a crowd (`CrowdOptions.avoidance`): the rules an agent follows before it starts a
 * step into cells another agent covers, read from the crowd's {@link Occupancy}.
 *
 * Why rules on cells and not velocity obstacles: the crowd's agents move cell to cell, every step
 * checked legal for their square (8 moves, no corner cut), and the tests rely on it. A velocity obstacle
 * (RVO, DetourCrowd's sampling) picks a continuous velocity that the next frame would have to project back
 * onto a legal step, and two such projections can again collide. On cells, the same job is exact and
 * cheaper: a step is a velocity of one of 8 directions held for one cell, and the cell it goes into is
 * reserved when it starts (the occupancy marks its target), so two agents never start into one cell and a
 * diagonal never crosses another's diagonal. What DetourCrowd's sampling buys, steering round an agent
 * in the way rather than waiting behind it, is the sidestep below; its time horizon is one step.
 *
 * Before an agent A starts a step into cell N held by agent B:
 * 1. B is stepping (out of N, or into it): A waits; the cell is free in a step's time.
 * 2. B is at rest (idle) and holds A's goal, or arrived at A's goal itself: A's goal is taken, so A steps
 *    round B (3) if it can, else arrives where it stands ('arrived'): a crowd sent to one point spreads
 *    over the cells around it. Otherwise B gives way: it steps to a free neighbour out of A's way (the
 *    one most across A's direction), once, because A asked; an idle agent never moves otherwise (no
 *    jitter at rest), but to end an overlap it was left in ({@link Avoidance.standAside}).
 * 3. A sidesteps: to the free neighbour M strictly nearer (octile) R, the cell after N on its way (its
 *    route's, or its flow field's step from N), and skips N. A route's agent off its route then walks to
 *    R by such steps ({@link Avoidance.rejoin}; it plans again if it cannot within GIVE_UP_SECONDS). Each
 *    step strictly nearer a fixed cell: sidesteps cannot loop.
 * 4. Else A waits. When who waits on whom leads from B back to A (head-on in a corridor one cell wide,
 *    a ring of agents each waiting on the next: a deadlock no rule above breaks), after
 *    {@link PASS_AFTER_SECONDS} the lowest id of the ring steps into its holder's cell and the others step
 *    with it (two swap, more turn): they overlap while they cross, the tolerance, counted in
 *    `CrowdStats.overlaps` and flagged on them (`CrowdAgent.overlapping`) until each stands alone. An
 *    idle agent that cannot give way, or cells two agents share, are passed after {@link GIVE_UP_SECONDS};
 *    and any agent in the way (stepping or not) after {@link HELD_AT_MOST_SECONDS}: a queue behind agents
 *    that move is not passed sooner, but the churn of a dense crowd may take every freed cell before the
 *    agent (a big one needing a whole square), and avoidance holds no agent longer.
 * 5. A pass is walked to its end: the passer goes on through whoever holds its way, moving or not, until
 *    it stands alone, and the agent it passes holds still meanwhile ({@link HELD_AT_MOST_SECONDS} at
 *    most, unless the two pass each other): stopping inside another, or walking on the same way as the
 *    one passed, left pairs overlapping for many seconds (knots and stacks of big agents, measured by
 *    bench/crowd-traffic.ts).
 * Between 2 and 3, a walking agent standing in the way of one as big or bigger gives way as an idle one
 * does (rule 2) and walks back to its route: a big agent is not held behind small ones, nor passes them.
 *
 * Agents walking any-angle lines (`pathShape: 'any-angle'`, {@link Avoidance.lines}) hold no grid step:
 * each holds a rectangle of cells instead, its square while it stands on an anchor and, while it walks,
 * the cells its square covers from where it is up to the next point where its line crosses a grid line
 * (a unit box's reach: its square plus one cell across), on its floor. On a block world a move between
 * floors holds the square it goes to as well, from when it starts until it is done. It asks for the next
 * such rectangle before it walks on ({@link Avoidance.reserve}), and two agents never hold one cell: their
 * squares cannot overlap.
 * Rectangles, not swept shapes, because they are exact at the crossings and cost O(size²) to mark: the
 * index stays linear in agents. Held by an agent that moves, it waits (rule 1); by one at rest on its
 * goal, it settles (rule 2, at its nearest anchor); by one waiting or at rest elsewhere the crowd walks it
 * to its nearest anchor (inside its rectangle) and sidesteps from there (rule 3, nearer its line's next
 * corner, re-aiming only along a legal line); rule 4's waits end in a pass as on cells, one agent at a
 * time, and an agent mid-pass goes on through whoever holds its way until it stands alone (stopping
 * inside another would knot a dense crowd: overlaps stay as short as walking across an agent). Agents at
 * rest on lines never give way: a walker goes round them or, after {@link GIVE_UP_SECONDS}, through them.
 *
 * Everything is decided in agent id order, from the crowd's state only (no clock, no random): the same
 * orders and frame times give the same moves. Waits are measured in the crowd's time unit: seconds, or
 * whole ticks in lockstep (the thresholds rounded up to ticks).
 * @internal
 * @module
 */
import type { Voxel } from '../types.ts';
import type { CrowdClock } from './clock.ts';
import { FREE, Occupancy, SEVERAL } from './occupancy.ts';
import type { Route } from './route.ts';
import type { CrowdGround, UnitPort } from './units.ts';

/** Waiting this long in a ring of agents each waiting on the next, the ring's lowest id steps and the ring turns (seconds). */
export const PASS_AFTER_SECONDS = 0.4;
/**
 * Waiting this long on an idle agent that cannot give way, or on cells two agents share, an agent steps
 * through (seconds). This and the next were 1.5 and 3 s: in 2,000 agents of three sizes, nearly every
 * agent stood still over a second at some time (bench/results/crowd-traffic.md).
 */
export const GIVE_UP_SECONDS = 0.6;
/** Waiting this long on any agent, an agent steps through it (seconds): the most avoidance holds one. */
export const HELD_AT_MOST_SECONDS = 0.8;

/** A waiting agent tries in full once in this many frames while the same agent holds the cell it wants. */
const RETRY_EVERY = 3;
/** The longest chain of agents waiting on one another that rule 4 follows. */
const MAX_CHAIN = 8;

/** @internal An agent as avoidance reads and marks it (the crowd's agents are these). */
export interface Mover {
  readonly id: number;
  readonly cellX: number;
  readonly cellY: number;
  readonly cellZ: number;
  readonly stepping: boolean;
  readonly nextX: number;
  readonly nextY: number;
  readonly nextZ: number;
  readonly state: string;
  readonly target: Voxel | null;
  readonly route: Route | null;
  readonly unit: { readonly port: UnitPort };
  /** The agent it waited on at its last try to step (0: none), and the cell it wanted. */
  blockedBy: number;
  wantX: number;
  wantY: number;
  wantZ: number;
  /** Time it has waited on other agents since its last step (in the crowd's time unit: seconds, or ticks in lockstep), and the frames it waited meanwhile. */
  waited: number;
  waitingTries: number;
  /** Set while it overlaps another agent by the tolerance (a pass, a snap, or added onto one). */
  overlapping: boolean;
  /** Set from a step that left its route (a sidestep) until one onto its route's next cell: the route does not advance meanwhile. */
  offRoute: boolean;
  /** The goal's cell index it arrived at (or next to, the goal being taken), while idle; -1 otherwise. */
  settledGoal: number;
  /** Any-angle walking: the rectangle of cells it holds, [markX0, markX1) × [markY0, markY1) on floor markZ. */
  markX0: number;
  markY0: number;
  markX1: number;
  markY1: number;
  markZ: number;
  /** With any-angle walking: the progress up to which its move is reserved (0: not yet). */
  readonly stopAt: number;
  /** The agent it last passed through, read while it is flagged overlapping (0: none, SEVERAL: several at once): rule 5, on cells and on lines. */
  passing: number;
}

/** @internal What {@link Avoidance.reserve} tells a line-walking agent: go, wait on an agent that moves, blocked by one that does not, or settle. */
export type LineDecision = 'go' | 'wait' | 'blocked' | 'settle';

/** @internal What the crowd gives avoidance: its agents, the way ahead of one, and starting a step. */
export interface AvoidancePort {
  agentOf(id: number): Mover | undefined;
  /** The cell after `n` on the agent's way (its route, or its flow field's step from `n`) into `out`; false when unknown. */
  after(agent: Mover, n: Voxel, out: Cell): boolean;
  /** Starts the agent's step to `to` (a give-way of an idle agent). */
  start(agent: Mover, to: Voxel, length: number): void;
}

/** @internal What {@link Avoidance.decide} tells the crowd to do. */
export type Decision = 'step' | 'wait' | 'settle';

/** @internal A cell to write into (avoidance allocates nothing per step). */
export type Cell = { x: number; y: number; z: number };

/** @internal The avoidance rules of one crowd, with its occupancy. */
export class Avoidance {
  readonly occupancy: Occupancy;
  /** The step {@link Avoidance.decide} chose, when it says 'step': its target and length. */
  readonly chosen: Cell = { x: 0, y: 0, z: 0 };
  chosenLength = 0;
  readonly counts = { overlaps: 0, sidesteps: 0, givenWay: 0, settled: 0 };
  readonly #ground: CrowdGround;
  readonly #port: AvoidancePort;
  readonly #from: Cell = { x: 0, y: 0, z: 0 };
  readonly #to: Cell = { x: 0, y: 0, z: 0 };
  readonly #ahead: Cell = { x: 0, y: 0, z: 0 };
  readonly #back: Cell = { x: 0, y: 0, z: 0 };
  /** The agents of the chain {@link Avoidance.#mayPass} followed, and the length of the ring it found (0: none). */
  readonly #ring = new Int32Array(MAX_CHAIN);
  #ringLength = 0;

  /** The thresholds in the crowd's time unit (seconds, or whole ticks in lockstep: waits are counted, not summed). */
  readonly giveUp: number;
  readonly #passAfter: number;
  readonly #heldAtMost: number;

  /** Agents walk any-angle lines (`pathShape: 'any-angle'`): each holds a rectangle of cells, see {@link Avoidance.reserve}. */
  readonly lines: boolean;

  constructor(ground: CrowdGround, port: AvoidancePort, clock: CrowdClock, lines = false) {
    this.lines = lines;
    this.#ground = ground;
    this.#port = port;
    this.giveUp = clock.time(GIVE_UP_SECONDS);
    this.#passAfter = clock.time(PASS_AFTER_SECONDS);
    this.#heldAtMost = clock.time(HELD_AT_MOST_SECONDS);
    this.occupancy = new Occupancy(ground.width, ground.height, ground.levels);
  }

  /** The agent now stands on its cell (added, or snapped): it covers its square; flagged when another covers it too. */
  placed(a: Mover): void {
    if (this.lines) {
      this.#holdSquare(a);
      this.occupancy.markRect(a.id, 1, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ, 0, 0, 0, 0, -1);
      a.overlapping = !this.alone(a);
      a.passing = 0; // overlapping where it was put, it passes no one: it waits like any other
      return;
    }
    this.occupancy.mark(a.id, 1, a.cellX, a.cellY, a.cellZ, sizeOf(a));
    a.overlapping = !this.alone(a);
    a.passing = 0; // overlapping where it was put, it passes no one (as on lines)
  }

  /** The agent leaves the occupancy (removed, or about to be snapped): its square and its step's target. */
  lifted(a: Mover): void {
    if (this.lines) {
      this.cancelled(a);
      return this.occupancy.markRect(a.id, -1, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ, 0, 0, 0, 0, -1);
    }
    const size = sizeOf(a);
    if (a.stepping) this.occupancy.mark(a.id, -1, a.nextX, a.nextY, a.nextZ, size, a.cellX, a.cellY, a.cellZ);
    this.occupancy.mark(a.id, -1, a.cellX, a.cellY, a.cellZ, size);
  }

  /** The agent started a step (its next cell set): it reserves the target's cells. */
  began(a: Mover): void {
    this.occupancy.mark(a.id, 1, a.nextX, a.nextY, a.nextZ, sizeOf(a), a.cellX, a.cellY, a.cellZ);
    a.blockedBy = 0;
    a.waited = 0;
    a.waitingTries = 0;
  }

  /**
   * Whether the agent, which waited on an agent at its last try, still waits on the same one for the
   * same cell and may skip its try this frame: it tries in full once in {@link RETRY_EVERY} frames.
   * Most of a dense crowd's cost is its waiting agents trying again every frame (their route's next
   * cell, the rules); a way round seldom opens within a few frames, and a freed cell is seen at once.
   */
  stillWaiting(a: Mover): boolean {
    if (this.lines) return false;
    if (a.blockedBy === 0 || ++a.waitingTries % RETRY_EVERY === 0) return false;
    return this.occupancy.other(a.id, a.wantX, a.wantY, a.wantZ, sizeOf(a), a.cellX, a.cellY, a.cellZ) === a.blockedBy;
  }

  /** The agent's step is cancelled (its next cell still set): the target's cells are free again. */
  cancelled(a: Mover): void {
    if (this.lines) {
      // A line-walking agent's rectangle already holds where it stands; a move between floors also held
      // the square it was going to, once reserved.
      if (this.#holdsMove(a)) this.occupancy.mark(a.id, -1, a.nextX, a.nextY, a.nextZ, sizeOf(a));
      return;
    }
    this.occupancy.mark(a.id, -1, a.nextX, a.nextY, a.nextZ, sizeOf(a), a.cellX, a.cellY, a.cellZ);
  }

  /** The agent finished a step from (x, y, z) onto its cell: it leaves the cells only the old square covered. */
  finished(a: Mover, x: number, y: number, z: number): void {
    if (this.lines) {
      // On an anchor its square is inside the rectangle it held: it keeps only the square.
      const x0 = a.markX0, y0 = a.markY0, x1 = a.markX1, y1 = a.markY1, z0 = a.markZ;
      this.#holdSquare(a);
      this.occupancy.markRect(a.id, -1, x0, y0, x1, y1, z0, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ);
      if (a.overlapping && this.alone(a)) a.overlapping = false;
      return;
    }
    this.occupancy.mark(a.id, -1, x, y, z, sizeOf(a), a.cellX, a.cellY, a.cellZ);
    if (a.overlapping && this.alone(a)) a.overlapping = false;
  }

  /** Whether no other agent covers the agent's square at its cell, nor at its step's target while it steps. */
  alone(a: Mover): boolean {
    if (this.lines) {
      const o = this.occupancy;
      if (o.otherInRect(a.id, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ) !== FREE) return false;
      return !this.#holdsMove(a) || o.other(a.id, a.nextX, a.nextY, a.nextZ, sizeOf(a), a.nextX, a.nextY, a.nextZ) === FREE;
    }
    const size = sizeOf(a), o = this.occupancy;
    if (o.other(a.id, a.cellX, a.cellY, a.cellZ, size, a.cellX, a.cellY, a.cellZ) !== FREE) return false;
    return !a.stepping || o.other(a.id, a.nextX, a.nextY, a.nextZ, size, a.nextX, a.nextY, a.nextZ) === FREE;
  }

  /**
   * What the agent (standing, not stepping) does about its legal next step into `n` of `length`: step
   * ({@link Avoidance.chosen}: `n`, or a sidestep), wait, or settle (its goal is taken: it arrives where
   * it stands). See the module's rules.
   */
  decide(a: Mover, n: Voxel, length: number): Decision {
    a.blockedBy = 0;
    if (a.overlapping && this.alone(a)) a.overlapping = false;
    a.wantX = n.x;
    a.wantY = n.y;
    a.wantZ = n.z;
    // Being passed through, it holds still until the passer is across: walking on the same way, the two
    // would go on as one stack.
    const passer = this.#passerOf(a);
    if (passer !== FREE && a.waited < this.#heldAtMost) {
      a.blockedBy = passer;
      return 'wait';
    }
    const b = this.#holder(a, n.x, n.y, n.z);
    if (b === FREE) return this.#choose(n.x, n.y, n.z, length);
    a.blockedBy = b;
    const holder = b === SEVERAL ? undefined : this.#port.agentOf(b);
    // Mid-pass it does not stop inside the agent it passes: it goes on through whoever holds the way,
    // moving or not, until it stands alone (rule 5).
    const passOn = a.overlapping && a.passing !== 0;
    if (holder?.stepping && !passOn && a.waited < this.#heldAtMost) return 'wait';
    if (holder && holder.state === 'idle') {
      const atRest = this.#atRest(a, holder, n);
      if (atRest) return atRest;
    }
    // A walking agent standing in the way of a bigger (or as big) one gives way as an idle one does, and
    // walks back to its route: big units are not held behind small ones, nor pass through them.
    if (holder && !holder.stepping && holder.state === 'walking' && !holder.overlapping && sizeOf(holder) <= sizeOf(a) && holder.blockedBy !== a.id && this.#giveWay(holder, a, n)) {
      this.counts.givenWay++;
      return 'wait';
    }
    if (this.#sidestep(a, n) || (a.overlapping && this.#escape(a, n))) return 'step';
    if (!passOn && !this.#mayPass(a, holder)) return 'wait';
    if (!passOn || a.passing !== b) this.counts.overlaps++; // one count per agent passed
    a.overlapping = true;
    a.passing = b;
    if (!passOn) this.#rotate(a);
    return this.#choose(n.x, n.y, n.z, length);
  }

  #choose(x: number, y: number, z: number, length: number): 'step' {
    this.chosen.x = x;
    this.chosen.y = y;
    this.chosen.z = z;
    this.chosenLength = length;
    return 'step';
  }

  /** An agent whose square covers the agent's and that passes through it (not the other way round): its id, or FREE. */
  #passerOf(a: Mover): number {
    const o = this.occupancy;
    const id = this.lines
      ? o.otherInRect(a.id, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ)
      : o.other(a.id, a.cellX, a.cellY, a.cellZ, sizeOf(a), a.cellX, a.cellY, a.cellZ);
    if (id === FREE || id === SEVERAL) return FREE;
    const p = this.#port.agentOf(id);
    return p && p.overlapping && p.passing === a.id && a.passing !== id ? id : FREE;
  }

  /** Who holds the cells of the agent's square at (x, y, z), or crosses its diagonal step there: FREE, an id, or SEVERAL. */
  #holder(a: Mover, x: number, y: number, z: number): number {
    const held = this.occupancy.other(a.id, x, y, z, sizeOf(a), a.cellX, a.cellY, a.cellZ);
    return held !== FREE ? held : this.#crossing(a, x, y, z);
  }

  /**
   * The agent stepping across the diagonal step of `a` to (x, y, z), from one of its two corner cells to
   * the other (their two steps would cross midway), or FREE. Only agents of one cell: the squares of
   * bigger agents stepping across each other overlap, which the occupancy sees.
   */
  #crossing(a: Mover, x: number, y: number, z: number): number {
    if (sizeOf(a) !== 1 || z !== a.cellZ || x === a.cellX || y === a.cellY) return FREE;
    for (let corner = 0; corner < 2; corner++) {
      const cx = corner ? a.cellX : x, cy = corner ? y : a.cellY;
      const ox = corner ? x : a.cellX, oy = corner ? a.cellY : y;
      const id = this.occupancy.at(cx, cy, z);
      if (id <= 0) continue;
      const b = this.#port.agentOf(id);
      if (b && b.stepping && b.cellX === cx && b.cellY === cy && b.nextX === ox && b.nextY === oy && b.nextZ === z) return id;
    }
    return FREE;
  }

  /** Rule 2: the holder `b` is at rest. A decision, or null to go on with the rules. */
  #atRest(a: Mover, b: Mover, n: Voxel): Decision | null {
    const goal = a.target!;
    const goalTaken = b.settledGoal === this.#key(goal) || (n.x === goal.x && n.y === goal.y && n.z === goal.z);
    if (goalTaken) {
      if (this.#sidestep(a, n)) return 'step';
      // A field's agent may also slide round the agents at the goal, nearer it (its field leads on from any cell).
      if (a.state === 'following' && this.#toward(a, goal, n)) {
        this.counts.sidesteps++;
        return 'step';
      }
      this.counts.settled++;
      return 'settle';
    }
    if (!this.#giveWay(b, a, n)) return null;
    this.counts.givenWay++;
    return 'wait';
  }

  /**
   * Rule 3: a step round `n` towards the cell after it on the agent's way (see {@link Avoidance.#toward});
   * a route skips `n`. False when there is none.
   */
  #sidestep(a: Mover, n: Voxel): boolean {
    const ahead = this.#ahead;
    if (!this.#port.after(a, n, ahead) || !this.#toward(a, ahead, n)) return false;
    if (a.route && a.state === 'walking') a.route.skipNext();
    this.counts.sidesteps++;
    return true;
  }

  /**
   * After a sidestep that left its route, the agent walks back to it: a step towards `r`, the route's next
   * cell (not a step away), as {@link Avoidance.#toward} picks it. 'wait' when there is none free now.
   */
  rejoin(a: Mover, r: Voxel): 'step' | 'wait' {
    if (this.#toward(a, r, null)) return 'step';
    a.blockedBy = SEVERAL;
    return 'wait';
  }

  /**
   * Chooses the free legal neighbour (not `skip`) strictly nearer `r` than the agent is (octile), the
   * nearest (then the shortest step): each such step brings the agent nearer, so walking round agents
   * cannot loop. A field's agent does not take a cell whose field step leads back to where it stands.
   */
  #toward(a: Mover, r: Voxel, skip: Voxel | null): boolean {
    const port = a.unit.port;
    const { dx, dy, dz } = this.#ground.moves;
    const from = this.#at(this.#from, a.cellX, a.cellY, a.cellZ);
    const to = this.#to, back = this.#back;
    const start = octile(a.cellX, a.cellY, a.cellZ, r);
    let best = -1, bestLength = Infinity, bestDistance = Infinity;
    for (let m = 0; m < dx.length; m++) {
      const x = a.cellX + dx[m]!, y = a.cellY + dy[m]!, z = a.cellZ + dz[m]!;
      if ((skip && x === skip.x && y === skip.y && z === skip.z) || !this.#inside(x, y, z)) continue;
      const distance = octile(x, y, z, r);
      if (distance >= start - 1e-9 || distance > bestDistance + 1e-9) continue;
      const length = port.stepLength(from, this.#at(to, x, y, z));
      if (!length || (distance > bestDistance - 1e-9 && length >= bestLength) || this.#holder(a, x, y, z) !== FREE) continue;
      if (a.state === 'following' && this.#port.after(a, to, back) && back.x === a.cellX && back.y === a.cellY && back.z === a.cellZ) continue;
      best = m;
      bestLength = length;
      bestDistance = distance;
    }
    if (best < 0) return false;
    this.#choose(a.cellX + dx[best]!, a.cellY + dy[best]!, a.cellZ + dz[best]!, bestLength);
    return true;
  }

  /**
   * An agent overlapping another (after a pass) that cannot go on steps to any free neighbour, the one
   * nearest `n`, to end the overlap at once (a route's agent, one from which `n` is a step: it waits
   * beside its route and steps back onto it).
   */
  #escape(a: Mover, n: Voxel): boolean {
    const port = a.unit.port;
    const { dx, dy, dz } = this.#ground.moves;
    const from = this.#at(this.#from, a.cellX, a.cellY, a.cellZ);
    let best = -1, bestLength = 0, bestDistance = Infinity;
    for (let m = 0; m < dx.length; m++) {
      const x = a.cellX + dx[m]!, y = a.cellY + dy[m]!, z = a.cellZ + dz[m]!;
      if (!this.#inside(x, y, z)) continue;
      const distance = octile(x, y, z, n);
      if (distance >= bestDistance) continue;
      const length = port.stepLength(from, this.#at(this.#to, x, y, z));
      if (!length || this.#holder(a, x, y, z) !== FREE) continue;
      // A route's agent only where `n` is one step on: it waits beside its route, not off it.
      if (a.state === 'walking' && !port.stepLength(this.#to, n)) continue;
      best = m;
      bestLength = length;
      bestDistance = distance;
    }
    if (best < 0) return false;
    this.counts.sidesteps++;
    this.#choose(a.cellX + dx[best]!, a.cellY + dy[best]!, a.cellZ + dz[best]!, bestLength);
    return true;
  }

  /**
   * Rule 2's give-way: the idle agent `b` steps to a free neighbour where its square leaves the square
   * `a` steps into, the one most across a's direction (then the furthest along it). False when none.
   */
  #giveWay(b: Mover, a: Mover, n: Voxel): boolean {
    const port = b.unit.port;
    const { dx, dy, dz } = this.#ground.moves;
    const dirX = Math.sign(n.x - a.cellX), dirY = Math.sign(n.y - a.cellY);
    const from = this.#at(this.#from, b.cellX, b.cellY, b.cellZ);
    const to = this.#to;
    let best = -1, bestLength = 0, bestScore = -Infinity;
    for (let m = 0; m < dx.length; m++) {
      const x = b.cellX + dx[m]!, y = b.cellY + dy[m]!, z = b.cellZ + dz[m]!;
      if (!this.#inside(x, y, z) || (z === n.z && squaresMeet(x, y, sizeOf(b), n.x, n.y, sizeOf(a)))) continue;
      const length = port.stepLength(from, this.#at(to, x, y, z));
      if (!length || this.#holder(b, x, y, z) !== FREE) continue;
      const across = Math.abs(dx[m]! * dirY - dy[m]! * dirX), along = dx[m]! * dirX + dy[m]! * dirY;
      const score = 4 * across + along;
      if (score > bestScore) {
        best = m;
        bestLength = length;
        bestScore = score;
      }
    }
    if (best < 0) return false;
    b.settledGoal = -1; // moved off where it arrived: no longer a sign that the goal is taken
    this.#port.start(b, this.#at(this.#to, b.cellX + dx[best]!, b.cellY + dy[best]!, b.cellZ + dz[best]!), bestLength);
    return true;
  }

  /**
   * An idle agent that shares cells with another (one passed through it, or arrived on it) steps to a
   * free neighbour, if there is one, so that the overlap ends: it is asked to, as by a give-way.
   */
  standAside(b: Mover): void {
    // An agent at rest on lines never moves: an overlap with it ends as the passing agent walks on.
    if (this.lines || this.alone(b)) return;
    const port = b.unit.port;
    const { dx, dy, dz } = this.#ground.moves;
    const from = this.#at(this.#from, b.cellX, b.cellY, b.cellZ);
    for (let m = 0; m < dx.length; m++) {
      const x = b.cellX + dx[m]!, y = b.cellY + dy[m]!, z = b.cellZ + dz[m]!;
      if (!this.#inside(x, y, z)) continue;
      const length = port.stepLength(from, this.#at(this.#to, x, y, z));
      if (!length || this.#holder(b, x, y, z) !== FREE) continue;
      b.settledGoal = -1;
      this.counts.givenWay++;
      this.#port.start(b, this.#to, length);
      return;
    }
  }

  /**
   * Rule 4: whether the agent steps through the holder now (a counted overlap). It follows who waits on
   * whom from the holder, {@link MAX_CHAIN} agents at most, and finds:
   * - an agent of the chain stepping, or waiting for its plan (blocked by none): the chain moves soon, wait;
   * - the agent itself: a deadlock (head-on in a corridor, a ring of agents each waiting on the next); its
   *   lowest id goes after {@link PASS_AFTER_SECONDS}, and the others of the ring step with it ({@link Avoidance.#rotate});
   * - a ring without the agent: its own lowest id breaks it; wait;
   * - an idle agent that could not give way, cells two agents share, or a longer chain: after {@link GIVE_UP_SECONDS};
   * - anything else (a queue behind agents that move) after {@link HELD_AT_MOST_SECONDS}: the tolerance
   *   is kept for deadlocks, and bounds how long avoidance holds an agent.
   */
  #mayPass(a: Mover, holder: Mover | undefined): boolean {
    this.#ringLength = 0; // a ring only when this call finds one: #rotate reads it next
    // Whatever the chain, an agent is not held longer: in a dense crowd's churn others may take every
    // cell that frees before it (a big agent needs a whole square free at once).
    if (!holder || a.waited >= this.#heldAtMost) return a.waited >= this.giveUp;
    const ring = this.#ring;
    ring[0] = a.id;
    let length = 1, lowest = a.id;
    for (let b: Mover | undefined = holder; b && length < MAX_CHAIN; b = this.#port.agentOf(b.blockedBy)) {
      if (b.stepping && b.blockedBy === 0) return false; // it moves (a line-walking agent may wait mid-step)
      ring[length++] = b.id;
      if (b.id < lowest) lowest = b.id;
      const next = b.blockedBy;
      if (next === 0) return b.state === 'idle' && a.waited >= this.giveUp;
      if (next === SEVERAL) return a.waited >= this.giveUp;
      if (next === a.id) {
        this.#ringLength = length;
        return a.id === lowest && a.waited >= this.#passAfter;
      }
      for (let i = 1; i < length; i++) if (ring[i] === next) return false;
    }
    return length >= MAX_CHAIN && a.waited >= this.giveUp;
  }

  /**
   * The agent breaks a ring of waiting agents ({@link Avoidance.#mayPass} found it): each of the others
   * whose wanted cell is the next one's cell starts its step now, so that they move together (two agents
   * swap, three or more turn), flagged overlapping while they cross.
   */
  #rotate(a: Mover): void {
    const ring = this.#ring, members = this.#ringLength;
    this.#ringLength = 0;
    for (let i = 1; i < members; i++) {
      const b = this.#port.agentOf(ring[i]!);
      const c = i + 1 < members ? this.#port.agentOf(ring[i + 1]!) : a;
      if (!b || !c || b.stepping || b.wantX !== c.cellX || b.wantY !== c.cellY || b.wantZ !== c.cellZ) continue;
      const step = b.unit.port.stepLength(this.#at(this.#from, b.cellX, b.cellY, b.cellZ), this.#at(this.#to, c.cellX, c.cellY, c.cellZ));
      if (!step) continue;
      b.overlapping = true;
      b.passing = c.id;
      this.#port.start(b, this.#to, step);
    }
  }

  /** Any-angle on a block world: whether the agent holds the square its move between floors goes to (reserved, not yet done). */
  #holdsMove(a: Mover): boolean {
    return a.stepping && a.nextZ !== a.cellZ && a.stopAt > 0;
  }

  /** Any-angle: the agent's mark becomes its square at its cell (the occupancy not yet changed). */
  #holdSquare(a: Mover): void {
    const size = sizeOf(a);
    a.markX0 = a.cellX;
    a.markY0 = a.cellY;
    a.markX1 = a.cellX + size;
    a.markY1 = a.cellY + size;
    a.markZ = a.cellZ;
  }

  /**
   * Any-angle: the agent's mark becomes the rectangle [x0, x1) × [y0, y1) on floor z (which holds where it
   * stands), if no other agent covers a cell of it, or whoever covers it when `force` (a pass). False when
   * held. On a block world a rectangle on another floor is the square a move between floors goes to: it is
   * held beside the mark, which stays until the move is done ({@link Avoidance.finished}).
   */
  claim(a: Mover, x0: number, y0: number, x1: number, y1: number, z: number, force = false): boolean {
    const o = this.occupancy;
    if (!force && o.otherInRect(a.id, x0, y0, x1, y1, z, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ) !== FREE) return false;
    o.markRect(a.id, 1, x0, y0, x1, y1, z, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ);
    if (z !== a.markZ) {
      a.blockedBy = 0;
      a.waited = 0;
      return true;
    }
    o.markRect(a.id, -1, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ, x0, y0, x1, y1, z);
    a.markX0 = x0;
    a.markY0 = y0;
    a.markX1 = x1;
    a.markY1 = y1;
    a.markZ = z;
    a.blockedBy = 0;
    a.waited = 0;
    return true;
  }

  /**
   * Any-angle: a line-walking agent asks for the cells of its next stretch, [x0, x1) × [y0, y1) on floor z
   * (see the module's rules for lines). 'go': it holds them now; 'settle': its goal is taken by an agent at
   * rest; 'wait': the holder moves; 'blocked': it does not (the crowd tries a sidestep).
   */
  reserve(a: Mover, x0: number, y0: number, x1: number, y1: number, z: number): LineDecision {
    if (a.overlapping && this.alone(a)) a.overlapping = false;
    const passer = this.#passerOf(a);
    if (passer !== FREE && a.waited < this.#heldAtMost) {
      a.blockedBy = passer;
      return 'wait';
    }
    if (this.claim(a, x0, y0, x1, y1, z)) return 'go';
    const b = this.occupancy.otherInRect(a.id, x0, y0, x1, y1, z, a.markX0, a.markY0, a.markX1, a.markY1, a.markZ);
    a.blockedBy = b;
    const holder = b === SEVERAL ? undefined : this.#port.agentOf(b);
    if (holder && holder.state === 'idle' && !holder.stepping) {
      const goal = a.target!;
      if (holder.settledGoal === this.#key(goal) || (holder.cellZ === goal.z && squaresMeet(holder.cellX, holder.cellY, sizeOf(holder), goal.x, goal.y, sizeOf(a)))) {
        this.counts.settled++;
        return 'settle';
      }
    }
    // Mid-pass it does not stop inside the agent it passes: it goes on through whoever holds the way
    // until it stands alone (a knot unties; each overlap lasts the time to walk across one agent).
    if (a.overlapping && a.passing !== 0) return this.#pass(a, b, x0, y0, x1, y1, z);
    if (this.#mayPass(a, holder)) return this.#pass(a, b, x0, y0, x1, y1, z);
    return holder && holder.stepping && holder.blockedBy === 0 ? 'wait' : 'blocked';
  }

  /** Any-angle: the agent passes through `b` (rule 4's tolerance, counted and flagged), taking the stretch anyway. */
  #pass(a: Mover, b: number, x0: number, y0: number, x1: number, y1: number, z: number): 'go' {
    this.#ringLength = 0; // line-walking agents pass one at a time: the others wait for the stretch to free
    if (a.passing !== b || !a.overlapping) {
      this.counts.overlaps++; // one count per agent passed
      const holder = a.overlapping ? undefined : this.#port.agentOf(b);
      // It holds still while a crosses it (rule 5), counted from the pass: on lines it has usually waited
      // for the pass already, and crossing a stretch at a time takes longer than a grid step.
      if (holder) holder.waited = 0;
    }
    a.overlapping = true;
    a.passing = b;
    this.claim(a, x0, y0, x1, y1, z, true);
    return 'go';
  }

  #inside(x: number, y: number, z: number): boolean {
    const g = this.#ground;
    return x >= 0 && y >= 0 && z >= 0 && x < g.width && y < g.height && z < g.levels;
  }

  #key(v: Voxel): number {
    return (v.z * this.#ground.height + v.y) * this.#ground.width + v.x;
  }

  #at(out: Cell, x: number, y: number, z: number): Cell {
    out.x = x;
    out.y = y;
    out.z = z;
    return out;
  }
}

/** Octile distance from (x, y, z) to `r`, a change of level counted as two steps. */
function octile(x: number, y: number, z: number, r: Voxel): number {
  const ax = Math.abs(x - r.x), ay = Math.abs(y - r.y);
  return Math.max(ax, ay) + (Math.SQRT2 - 1) * Math.min(ax, ay) + 2 * Math.abs(z - r.z);
}

function sizeOf(a: Mover): number {
  return a.unit.port.agent.size;
}

/** Whether the square of side `sa` at (ax, ay) and that of side `sb` at (bx, by) share a cell. */
function squaresMeet(ax: number, ay: number, sa: number, bx: number, by: number, sb: number): boolean {
  return ax < bx + sb && bx < ax + sa && ay < by + sb && by < ay + sa;
}
