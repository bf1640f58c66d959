/**
 * One planner for every agent class of a map: a hierarchy per declared class (each on the grid made for
 * it, as `Grid.forAgent` makes it), every question naming its class with `{ agent }` (default the first).
 * It is what a game builds once and hands to a pool (`createPathPool({ planner })`) and a crowd.
 * @module
 */
import { agentClassIndex, agentClassList, agentOnly, withoutAgent, type AgentClass, type AgentClassOption } from './agentClasses.ts';
import { byteArray, describe } from './args.ts';
import type { PathBatch } from './batch.ts';
import { OutOfMemoryError, withCode } from './errors.ts';
import type { FlowField, FlowFieldOptions } from './flowField.ts';
import type { Grid } from './grid.ts';
import type { HPAStar, HPAStarQuery, PathPlan } from './hpastar.ts';
import type { PlanBatch } from './planBatch.ts';
import type { BuildControl } from './progress.ts';
import type { BlockWorld, WorldHierarchyOptions, WorldHPAStar } from './world.ts';
import type {
  Agent,
  BatchSearchOptions,
  FindPathOptions,
  HierarchyOptions,
  NearestPassableOptions,
  PathResult,
  PlanBatchOptions,
  PlanOptions,
  Point,
  TerrainCosts,
  TerrainEdit,
  UpdateStats,
} from './types.ts';
import { unionOfUpdates } from './updates.ts';

/** Options of `hpastar.Planner.build`. */
export interface PlannerOptions {
  /**
   * The agent classes to serve, `{ size, capability }` each (the first is the default of every call).
   * Default: the grid's own class (`grid.agent`: one cell of ground and swamp unless made by
   * `Grid.forAgent`).
   */
  readonly agents?: readonly Agent[];
  /** How to cut each class's hierarchy (fields left out are chosen per class, as `HPAStar.build` does). */
  readonly hierarchy?: HierarchyOptions;
  /**
   * Hears how far the build is, over every class (each class's build takes its share); return `false`
   * to cancel (the build then throws a DOMException named `'AbortError'`). As `HPAStar.build`'s.
   */
  readonly onProgress?: BuildControl['onProgress'];
}

/** What a terrain change rebuilt: the union over the classes, and each class's part in `classes`. */
export interface PlannerUpdate extends UpdateStats {
  /** What each class's hierarchy rebuilt, in the order of {@link Planner.agents}. */
  readonly classes: readonly UpdateStats[];
}

/** Options of `hpastar.Planner.build` for a block world. */
export interface WorldPlannerOptions {
  /**
   * The agent classes to serve: a block world has one, an agent one block tall standing where
   * `BlockWorld.isStanding` says (`{ size: 1 }`, any capability name). Default: that one.
   */
  readonly agents?: readonly Agent[];
  /** How to cut the world into boxes (as `WorldHPAStar.build`). */
  readonly hierarchy?: WorldHierarchyOptions;
  /**
   * Hears how far the world's build is; return `false` to cancel (the build then throws a DOMException
   * named `'AbortError'`). As `WorldHPAStar.build`'s.
   */
  readonly onProgress?: BuildControl['onProgress'];
}

/** What `hpastar.Planner` makes planners with (bound to one loaded module). */
export interface PlannerFactory {
  /**
   * The planner of a block world: a {@link WorldHPAStar}, as `hpastar.WorldHPAStar.build` makes it
   * (searches, plans, batches, flow fields, reachability and block changes on voxels).
   * @throws TypeError - for malformed options, or an agent class other than the world's one
   * @throws RangeError - for options out of range
   */
  build(world: BlockWorld, options?: WorldPlannerOptions): WorldHPAStar;
  /**
   * Builds a hierarchy for each agent class on `grid`'s terrain and costs.
   * @throws TypeError - for malformed options or agents, or the same class twice
   * @throws RangeError - for options out of range, or a class no grid can serve (a size outside 1..8)
   * @throws Error - when `agents` is given with a grid already made for a class (give the terrain's grid)
   * @throws OutOfMemoryError - when the heap has no room (nothing is kept)
   */
  build(grid: Grid, options?: PlannerOptions): Planner;
  /**
   * Loads a planner from saved bytes, telling them apart by their header: {@link Planner.serialize}'s or
   * `HPAStar.serialize`'s (one class) give a {@link Planner}, `WorldHPAStar.serialize`'s a {@link WorldHPAStar}
   * (as `hpastar.WorldHPAStar.load`). Narrow with `instanceof`.
   * @throws Error - naming why the bytes are refused: neither kind of saved planner (their first bytes
   *   named), or the part and its offset, or the hierarchy's own reason
   * @throws OutOfMemoryError - when the WebAssembly heap has no room for the hierarchy
   */
  load(bytes: Uint8Array): Planner | WorldHPAStar;
}

/** The module's parts a planner is made of. */
export interface PlannerParts {
  readonly forAgent: (grid: Grid, agent: Agent) => Grid;
  readonly buildHpa: (grid: Grid, options?: HierarchyOptions, control?: BuildControl) => HPAStar;
  readonly loadHpa: (bytes: Uint8Array) => HPAStar;
  readonly loadWorld: (bytes: Uint8Array) => WorldHPAStar;
  /** What saved bytes hold, by their magic (the core's `savedHierarchyKind`). */
  readonly savedKind: (bytes: Uint8Array) => 'grid' | 'world' | '';
  readonly isWorld: (map: unknown) => map is BlockWorld;
  readonly buildWorld: (world: BlockWorld, options?: WorldHierarchyOptions, control?: BuildControl) => WorldHPAStar;
}

// The container of several classes' hierarchies: "HPAP", a format byte, 3 zero bytes, the count, then
// each section's length, then the sections (HPAStar.serialize's bytes, each versioned and checksummed).
const MAGIC = [0x48, 0x50, 0x41, 0x50];
const FORMAT = 1;
const MAX_CLASSES = 64;

/**
 * A planner serving several agent classes on one map: one hierarchy per class. Every search, plan, query
 * object, reachability question and flow field is for one class (`{ agent }`, default the first);
 * terrain changes reach every class. The class's own planner ({@link Planner.forAgent}) has the rest
 * (traces, inspection, heuristics refresh).
 */
export class Planner implements Disposable {
  readonly #planners: readonly HPAStar[];
  /** Set when a class could not follow a terrain change: why every later call is refused. */
  #diverged: string | null = null;
  /** The agent classes served, in order: the first is the default. */
  readonly agents: readonly AgentClass[];

  /** @internal Made by `hpastar.Planner.build` and `load`. */
  constructor(planners: readonly HPAStar[]) {
    this.#planners = planners;
    this.agents = Object.freeze(planners.map((p) => Object.freeze({ size: p.agent.size, capability: p.agent.capability })));
  }

  get width(): number {
    return this.#planners[0]!.width;
  }

  get height(): number {
    return this.#planners[0]!.height;
  }

  /** The terrain version: 0 when built, one more per change with edits (every class's planner holds it). */
  get version(): number {
    return this.#planners[0]!.version;
  }

  /**
   * The planner of one class (default the first): an `HPAStar` built on the grid made for it, for what
   * this facade does not repeat (traces, inspection, `refreshHeuristics`). Edit terrain through the
   * `Planner`, not through it, so that every class follows.
   * @throws RangeError - for a class it does not serve
   */
  forAgent(agent?: Agent): HPAStar {
    return this.#of('Planner.forAgent', agent);
  }

  /** As `HPAStar.findPath`, for the class of `options.agent`. */
  findPath(start: Point, goal: Point, options?: FindPathOptions & AgentClassOption): PathResult {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.findPath', agent).findPath(start, goal, rest);
  }

  /** As `HPAStar.findPaths`, for the class of `options.agent`. */
  findPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: BatchSearchOptions & AgentClassOption): PathBatch {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.findPaths', agent).findPaths(queries, rest);
  }

  /** As `HPAStar.plan`, for the class of `options.agent`. */
  plan(start: Point, goal: Point, options?: PlanOptions & AgentClassOption): PathPlan {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.plan', agent).plan(start, goal, rest);
  }

  /** As `HPAStar.planPaths`, for the class of `options.agent`. */
  planPaths(queries: Int32Array | readonly (readonly [Point, Point])[], options?: PlanBatchOptions & AgentClassOption): PlanBatch {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.planPaths', agent).planPaths(queries, rest);
  }

  /** A query object of the class of `options.agent` (as `HPAStar.createQuery`): dispose of it when done. */
  createQuery(options?: AgentClassOption): HPAStarQuery {
    return this.#of('Planner.createQuery', agentOnly(options, 'Planner.createQuery')).createQuery();
  }

  /** As `HPAStar.isReachable`, for the class of `options.agent`. */
  isReachable(a: Point, b: Point, options?: AgentClassOption): boolean {
    return this.#of('Planner.isReachable', agentOnly(options, 'Planner.isReachable')).isReachable(a, b);
  }

  /** As `HPAStar.componentOf`, for the class of `options.agent`. */
  componentOf(p: Point, options?: AgentClassOption): number {
    return this.#of('Planner.componentOf', agentOnly(options, 'Planner.componentOf')).componentOf(p);
  }

  /** As `HPAStar.nearestPassable`, for the class of `options.agent`. */
  nearestPassable(p: Point, options?: NearestPassableOptions & AgentClassOption): Point | null {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.nearestPassable', agent).nearestPassable(p, rest);
  }

  /** As `HPAStar.randomPassable`, for the class of `options.agent`. */
  randomPassable(random?: () => number, component?: number, options?: AgentClassOption): Point | null {
    return this.#of('Planner.randomPassable', agentOnly(options, 'Planner.randomPassable')).randomPassable(random, component);
  }

  /** As `HPAStar.flowField`, for the class of `options.agent`. */
  flowField(goal: Point, options?: FlowFieldOptions & AgentClassOption): FlowField {
    const { agent, rest } = withoutAgent(options);
    return this.#of('Planner.flowField', agent).flowField(goal, rest);
  }

  /**
   * Changes terrain for every class (as `HPAStar.applyEdits`: all edits or none; each class rebuilds the
   * clusters where its class sees a change).
   * @returns the union of what the classes rebuilt, and each class's part in `classes`
   * @throws TypeError, RangeError - naming the first bad edit (nothing changes)
   * @throws Error - when a class after the first could not follow (out of memory): the planner then
   *   refuses every later call, as its classes no longer hold one terrain
   */
  applyEdits(edits: readonly TerrainEdit[]): PlannerUpdate {
    return this.#change('Planner.applyEdits', (p) => p.applyEdits(edits));
  }

  /** Sets the terrain kinds' multipliers for every class (as `HPAStar.setTerrainCosts`). */
  setTerrainCosts(costs: TerrainCosts): PlannerUpdate {
    return this.#change('Planner.setTerrainCosts', (p) => p.setTerrainCosts(costs));
  }

  /**
   * Every class's hierarchy as bytes (a container of one section per class, each `HPAStar.serialize`'s
   * versioned, checksummed bytes), for `hpastar.Planner.load` or `createPathPool({ planner })`.
   */
  serialize(): Uint8Array {
    return packSections(this.#planners.map((p) => p.serialize()));
  }

  /** @internal Every class's planner, in order (for the pool). */
  get classPlanners(): readonly HPAStar[] {
    this.#check('Planner');
    return this.#planners;
  }

  /** Frees every class's hierarchy. Calling it again does nothing. */
  dispose(): void {
    for (const p of this.#planners) p.dispose();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  #check(where: string): void {
    if (this.#diverged) throw new Error(`${where}: ${this.#diverged}`);
  }

  #of(where: string, agent: unknown): HPAStar {
    this.#check(where);
    return this.#planners[agentClassIndex(where, agent, this.agents, 'planner', "Planner.build's agents")]!;
  }

  #change(where: string, change: (p: HPAStar) => UpdateStats): PlannerUpdate {
    this.#check(where);
    // The first class checks the change (a bad edit throws before anything changes).
    const classes = [change(this.#planners[0]!)];
    for (const [i, p] of this.#planners.entries()) {
      if (i === 0) continue;
      try {
        classes.push(change(p));
      } catch (error) {
        const a = this.agents[i]!;
        this.#diverged = `the agents of size ${a.size} ${a.capability} could not follow a terrain change (${error instanceof Error ? error.message : String(error)}): build the planner again`;
        throw new Error(`${where}: ${this.#diverged}`, { cause: error });
      }
    }
    return Object.freeze({ ...unionOfUpdates(classes), classes: Object.freeze(classes) });
  }
}

/** `hpastar.Planner`, made of one module's parts. */
export function plannerFactory(parts: PlannerParts): PlannerFactory {
  return {
    build(map: Grid | BlockWorld, options?: PlannerOptions | WorldPlannerOptions): Planner & WorldHPAStar {
      const where = 'Planner.build';
      if (options !== undefined && (typeof options !== 'object' || options === null)) throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
      for (const key of Object.keys(options ?? {})) {
        if (key !== 'agents' && key !== 'hierarchy' && key !== 'onProgress') throw new TypeError(`${where}: unknown option "${key}" (known: agents, hierarchy, onProgress)`);
      }
      if (parts.isWorld(map)) {
        return buildWorldPlanner(where, parts, map, options) as Planner & WorldHPAStar;
      }
      return buildGridPlanner(where, parts, map, options as PlannerOptions | undefined) as Planner & WorldHPAStar;
    },
    load(bytes: Uint8Array): Planner | WorldHPAStar {
      const where = 'Planner.load';
      byteArray(where, 'bytes', bytes);
      const kind = isContainer(bytes) ? 'planner' : parts.savedKind(bytes);
      if (kind === 'world') return parts.loadWorld(bytes);
      if (kind === '') {
        const head = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
        throw new Error(`${where}: the bytes are no saved planner: neither Planner.serialize's, HPAStar.serialize's nor WorldHPAStar.serialize's (they start with ${head || 'nothing'})`);
      }
      const sections = kind === 'planner' ? unpackSections(where, bytes) : [bytes];
      const planners: HPAStar[] = [];
      try {
        for (const [i, section] of sections.entries()) {
          try {
            planners.push(parts.loadHpa(section));
          } catch (error) {
            throw sectionError(`${where}: section ${i}: ${error instanceof Error ? error.message : String(error)}`, error);
          }
        }
        checkOneMap(where, planners);
      } catch (error) {
        for (const p of planners) p.dispose();
        throw error;
      }
      return new Planner(planners);
    },
  };
}

/** A planner of the agent classes of `options.agents` (default the grid's own) on `grid`. */
function buildGridPlanner(where: string, parts: PlannerParts, grid: Grid, options: PlannerOptions | undefined): Planner {
  const own = grid.agent;
  const classes = options?.agents === undefined ? [own] : agentClassList(where, 'agents', options.agents);
  if (options?.agents !== undefined && (own.size !== 1 || own.capability !== 'ground,swamp')) {
    throw new Error(`${where}: the grid is already made for agents of size ${own.size} (${own.capability}): give the grid it was made from`);
  }
  const planners: HPAStar[] = [];
  const listener = options?.onProgress;
  if (listener !== undefined && typeof listener !== 'function') throw new TypeError(`${where}: onProgress must be a function, got ${describe(listener)}`);
  // Class i's build is the share [i, i + 1) / classes of the whole.
  const control = (i: number): BuildControl | undefined =>
    listener && { onProgress: (p) => listener(Object.freeze({ phase: p.phase, done: (i + p.done) / classes.length })) };
  try {
    for (const [i, agent] of classes.entries()) {
      if (agent.size === own.size && agent.capability === own.capability) {
        planners.push(parts.buildHpa(grid, options?.hierarchy, control(i)));
        continue;
      }
      using classGrid = parts.forAgent(grid, agent);
      planners.push(parts.buildHpa(classGrid, options?.hierarchy, control(i)));
    }
  } catch (error) {
    for (const p of planners) p.dispose();
    if (error instanceof DOMException && error.name === 'AbortError') throw new DOMException(`${where}: cancelled by onProgress`, 'AbortError');
    throw error;
  }
  return new Planner(planners);
}

/** A block world's planner: its one class's build, heard by `options.onProgress` as the whole. */
function buildWorldPlanner(where: string, parts: PlannerParts, world: BlockWorld, options: PlannerOptions | WorldPlannerOptions | undefined): WorldHPAStar {
  const hierarchy = worldHierarchy(where, options);
  const listener = options?.onProgress;
  if (listener !== undefined && typeof listener !== 'function') throw new TypeError(`${where}: onProgress must be a function, got ${describe(listener)}`);
  try {
    return parts.buildWorld(world, hierarchy, listener && { onProgress: listener });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new DOMException(`${where}: cancelled by onProgress`, 'AbortError');
    throw error;
  }
}

/** The hierarchy options of a block world's planner, after checking that its agents are the world's one class. */
function worldHierarchy(where: string, options: PlannerOptions | WorldPlannerOptions | undefined): WorldHierarchyOptions | undefined {
  if (options?.agents !== undefined) {
    const classes = agentClassList(where, 'agents', options.agents);
    if (classes.length !== 1 || classes[0]!.size !== 1) {
      throw new TypeError(`${where}: a block world has one agent class, one block tall (size 1), got ${describe(options.agents)}`);
    }
  }
  return options?.hierarchy as WorldHierarchyOptions | undefined;
}

function isContainer(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);
}

/** @internal The container of {@link Planner.serialize} (exported for the tests that forge one). */
export function packSections(sections: Uint8Array[]): Uint8Array {
  const header = 12 + 4 * sections.length;
  const out = new Uint8Array(header + sections.reduce((n, s) => n + s.length, 0));
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[4] = FORMAT;
  view.setUint32(8, sections.length, true);
  let at = header;
  sections.forEach((s, i) => {
    view.setUint32(12 + 4 * i, s.length, true);
    out.set(s, at);
    at += s.length;
  });
  return out;
}

// A section's refusal with the section named: of the class and code HPAStar.load gave it, so that a
// damaged section is still BadBytes and a full heap still an OutOfMemoryError (with its figures).
function sectionError(message: string, error: unknown): Error {
  if (error instanceof OutOfMemoryError) return new OutOfMemoryError(message, error, error.code);
  const Class = error instanceof TypeError ? TypeError : error instanceof RangeError ? RangeError : Error;
  const wrapped = new Class(message, { cause: error });
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? withCode(wrapped, code) : wrapped;
}

/** The sections of a container, every length checked against the bytes before anything is read. */
function unpackSections(where: string, bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) throw new Error(`${where}: the planner's header is truncated (${bytes.length} bytes, at least 12 expected)`);
  if (bytes[4] !== FORMAT || bytes[5] !== 0 || bytes[6] !== 0 || bytes[7] !== 0) {
    throw new Error(`${where}: planner format ${bytes[4]} is not this version's (${FORMAT}), or its reserved bytes are not zero`);
  }
  const count = view.getUint32(8, true);
  if (count < 1 || count > MAX_CLASSES) throw new Error(`${where}: the planner names ${count} agent classes, expected 1 to ${MAX_CLASSES}`);
  const header = 12 + 4 * count;
  if (bytes.length < header) throw new Error(`${where}: the planner's header is truncated (${bytes.length} bytes, ${header} expected for ${count} classes)`);
  const sections: Uint8Array[] = [];
  let at = header;
  for (let i = 0; i < count; i++) {
    const length = view.getUint32(12 + 4 * i, true);
    if (length > bytes.length - at) throw new Error(`${where}: section ${i} of ${length} bytes at offset ${at} runs past the end (${bytes.length} bytes)`);
    sections.push(bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw new Error(`${where}: ${bytes.length - at} bytes follow the last section (offset ${at})`);
  return sections;
}

/** Refuses sections that are not one map's classes: another size, terrain or version, or a class twice. */
function checkOneMap(where: string, planners: readonly HPAStar[]): void {
  const first = planners[0]!;
  const terrain = first.terrain();
  planners.forEach((p, i) => {
    if (i === 0) return;
    if (p.width !== first.width || p.height !== first.height) throw new Error(`${where}: section ${i} is a ${p.width}x${p.height} map, section 0 a ${first.width}x${first.height} one`);
    if (p.version !== first.version) throw new Error(`${where}: section ${i} is at terrain version ${p.version}, section 0 at ${first.version}`);
    const other = p.terrain();
    if (other.some((c, k) => c !== terrain[k])) throw new Error(`${where}: section ${i} holds other terrain than section 0`);
    const [layer, firstLayer] = [p.costLayer(), first.costLayer()];
    const sameLayer = layer === null ? firstLayer === null : firstLayer !== null && layer.every((v, k) => v === firstLayer[k]);
    if (JSON.stringify(p.terrainCosts) !== JSON.stringify(first.terrainCosts) || !sameLayer) throw new Error(`${where}: section ${i} has other terrain costs than section 0`);
    const twice = planners.findIndex((q) => q.agent.size === p.agent.size && q.agent.capability === p.agent.capability);
    if (twice !== i) throw new Error(`${where}: sections ${twice} and ${i} are the same agent class (size ${p.agent.size}, ${p.agent.capability})`);
  });
}
