/**
 * The messages between a {@link PathPool} (main thread) and its workers. Types only: the worker
 * (worker.mts, shipped as plain JavaScript) imports nothing else from here.
 *
 * ## Versions
 * The pool numbers terrain versions: 0 is the terrain the pool was made with, and every
 * `updateTerrain` makes the next one. Every search job names the version it must run against, and
 * each worker holds exactly one version at a time, so a search never sees a terrain change halfway.
 * The pool keeps this true with one rule: it sends a worker the `edit` messages that take it to
 * version v only after every queued job of an older version has been handed out, and before the
 * first job of version v it gives that worker. A worker checks that each job names its version.
 *
 * ## Modes
 * - `copied`: N workers, each with the single-threaded module and its own copy of the hierarchy. The
 *   pool hands jobs to whichever worker is free (two in flight per worker).
 * - `shared`: one worker hosts the pthread module: one hierarchy in the shared wasm heap, searched by
 *   N threads. The pool sends it one job at a time (two in flight), split over the threads inside.
 *
 * @module
 */
import type { RawFlowFieldAnswer, RawOptions, RawUpdateStats, RawWorldUpdateStats } from 'hpastar:raw';
import type { PathBatchArrays } from '../batch.ts';
import type { FlowQuestion } from '../flowField.ts';
import type { PlanBatchArrays } from '../planBatch.ts';
import type { NearestQuestion, RandomQuestion } from '../reachability.ts';
import type { LabelLayout, LabelsMessage } from '../reachabilityView.ts';
import type { OutOfMemoryFigures } from '../errors.ts';
import type { HaaOptions, HaaStats, HierarchyOptions, HierarchyStats, ShpaOptions, ShpaStats } from '../types.ts';
import type { BlockKindInfo, WorldGenerateOptions, WorldHierarchyOptions, WorldHierarchyStats, WorldSize } from '../world.ts';

/** Bumped whenever a message changes shape; a worker refuses an `init` of another version. */
export type ProtocolVersion = 14;

/** How the pool runs its searches. */
export type PoolMode = 'shared' | 'copied';

/**
 * The planner a pool runs: `'hpa'` (HPA*, and DHPA* when its options have `cacheTrees`), `'shpa'`
 * (SHPA*: static maps, no serialized form, so always built from terrain; never sent an `edit`) or
 * `'haa'` (HAA*: agents of several sizes and capabilities; no serialized form, so built from terrain;
 * its search jobs carry the agent).
 */
export type PoolAlgorithm = 'hpa' | 'shpa' | 'haa';

/**
 * What a worker runs: a grid planner of {@link PoolAlgorithm}, or `'world'` (a block world's HPA*, for
 * `createWorldPool`: built from the world's text or generator options; its queries are 6 numbers, its
 * changes blocks).
 */
export type WorkerPlanner = PoolAlgorithm | 'world';

/** An agent of a HAA* search job: its size and its capability as the module reads it (`'ground,trees'`). */
export interface JobAgent {
  size: number;
  capability: string;
}

/**
 * What a worker makes its planner from: terrain to build a hierarchy from, or the bytes of a built one
 * (`HPAStar.serialize`), which it loads without building. A pool made from a grid has its first worker
 * build and serialize the hierarchy, and the other workers load those bytes.
 */
export type HierarchySource =
  | {
      kind: 'terrain';
      width: number;
      height: number;
      /** Moving AI character codes, row-major. */
      terrain: Uint8Array;
      /** Terrain costs, when the grid has them: [character code, multiplier, ...], one pair per kind. */
      costs?: number[];
      /** The grid's cost layer, when it has one (width * height values 1..255). */
      layer?: Uint8Array;
      /**
       * The agent classes to serve (Grid.forAgent makes each one's grid from the terrain), in the pool's
       * order; left out for the Moving AI agent alone. HPA* builds a hierarchy per class; SHPA* takes one.
       */
      agents?: JobAgent[];
    }
  | {
      kind: 'hierarchy';
      /** Bytes of `HPAStar.serialize` (versioned, checksummed), one hierarchy per agent class; HPA* only. */
      bytes: Uint8Array[];
    }
  | {
      kind: 'world';
      /** The world's text (BlockWorld.parse reads it, naming the file `name` in its errors) ... */
      text?: string;
      name?: string;
      /** ... or what BlockWorld.generate makes it from ... */
      generate?: WorldGenerateOptions;
      /** ... or the bytes of `WorldHPAStar.serialize`, which each worker loads without building. */
      bytes?: Uint8Array;
      /** The cost layer put on the world before the build (BlockWorld.setCostLayer), if any. */
      costLayer?: Uint8Array;
    };

/** Pool → worker, first message: load the module and build the planner. Answered by `ready` or a fatal `error`. */
export interface InitMessage {
  type: 'init';
  protocol: ProtocolVersion;
  mode: PoolMode;
  /** Search threads (shared mode); 1 in copied mode. */
  threads: number;
  /**
   * The planner to build: HPA* (DHPA* is HPA* with `cacheTrees`), SHPA* or HAA* (these two from a source of
   * kind 'terrain' only), or a block world's HPA* (from a source of kind 'world').
   */
  planner: WorkerPlanner;
  /**
   * Options as the user gave them (types checked), of the planner's kind; the worker fills in the
   * module's defaults. Ignored for a source of kind 'hierarchy', which carries its own.
   */
  options: HierarchyOptions | ShpaOptions | HaaOptions | WorldHierarchyOptions;
  source: HierarchySource;
  /** Send the built hierarchy's bytes back in `ready` (for the other workers). */
  serialize: boolean;
  /** Post `progress` messages while building (HPA* and block worlds; the worker that builds first). */
  progress: boolean;
  /** Refresh stale landmarks and distance tables inside each edit job (heuristicRefresh 'with-edits'), not between jobs. */
  refreshWithEdits: boolean;
  /** Post `refresh` messages as the background refresh of the landmarks and distance tables goes on (the pool has an `onRefreshProgress`). */
  refreshProgress: boolean;
}

/** Pool → worker: run queries [first, first + count) of a batch. Answered by `result` or a job `error`. */
export interface SearchMessage {
  type: 'search';
  job: number;
  /** The terrain version the worker must hold (checked). */
  version: number;
  /** [sx, sy, gx, gy, ...], or [sx, sy, sz, gx, gy, gz, ...] for a world (its buffer is transferred). */
  queries: Int32Array;
  smooth: boolean;
  cells: boolean;
  /** HPA* and SHPA*: each path as the corners of its any-angle shape (the `pathShape: 'any-angle'` option). */
  anyAngle: boolean;
  /**
   * Move endpoints first as the `snap` and `toNearest` options ask (the planner's snapQueries, ENDPOINT_RULES
   * bits; 0 for neither), and answer where to.
   */
  endpointRule: number;
  /** HAA* only (required there): the agent every query of the job is for. */
  agent?: JobAgent;
  /** HPA*: the agent class (its index in the pool's classes) every query of the job is for; default 0. */
  agentClass?: number;
}

/**
 * One reachability question, its arguments checked and resolved as the planner's handle takes them (a
 * block world's cells with their level z); or a flow field (HPA* and block worlds), answered the same way
 * from the worker's own cache of fields.
 */
export type ReachQuestion =
  | { kind: 'componentOf'; x: number; y: number; z?: number }
  | { kind: 'isReachable'; ax: number; ay: number; az?: number; bx: number; by: number; bz?: number }
  | ({ kind: 'nearestPassable' } & NearestQuestion)
  | ({ kind: 'randomPassable' } & RandomQuestion)
  | ({ kind: 'flowField' } & FlowQuestion)
  /** HPA*: the labels of the whole map and how cells map to clusters, for a main-thread view. */
  | { kind: 'labels' };

/**
 * Pool → worker: answer one reachability question on the worker's terrain version (a job of one query,
 * scheduled as a batch is, so it sees the version the pool had when asked). Answered by `reached`.
 */
export interface ReachMessage {
  type: 'reach';
  job: number;
  /** The terrain version the worker must hold (checked). */
  version: number;
  question: ReachQuestion;
  /** HPA*: the agent class (its index in the pool's classes) the question is about; default 0. */
  agentClass?: number;
}

/**
 * Pool → worker: plan queries [first, first + count) of a plan batch (HPA* and block worlds): abstract
 * paths, and their first segments when `firstSegment`. Answered by `planned` or a job `error`. Jobs are stateless:
 * the worker keeps nothing of a plan, so any worker (or thread) can take any job.
 */
export interface PlanMessage {
  type: 'plan';
  job: number;
  /** The terrain version the worker must hold (checked). */
  version: number;
  /** [sx, sy, gx, gy, ...], or [sx, sy, sz, gx, gy, gz, ...] for a world (its buffer is transferred). */
  queries: Int32Array;
  firstSegment: boolean;
  /** The agent class (its index in the pool's classes) every query of the job is for; default 0. */
  agentClass?: number;
}

/**
 * One terrain change of the pool: cell edits packed as `packEdits` makes them ([x, y, code, cost, ...]),
 * new multipliers of the terrain kinds as `packTerrainCosts` makes them ([code, multiplier, ...]), or a
 * world's block changes as `BlockKinds.pack` makes them ([x, y, z, block code, ...]).
 */
export type TerrainChange =
  | { readonly edits: Int32Array }
  | { readonly costs: readonly number[] }
  | { readonly blocks: Int32Array }
  /** A block world's cost layer values, packed [x, y, z, value, ...]. */
  | { readonly cellCosts: Int32Array };

/** Pool → worker: go from version `version - 1` to `version` by making `change`. Answered by `edited`. */
export interface EditMessage {
  type: 'edit';
  version: number;
  change: TerrainChange;
  /** Answer with each HPA* class's labels of the rebuilt clusters (a main-thread view follows them). */
  labels: boolean;
}

/**
 * Pool → worker: serialize the planner as it is at `version` (the version the worker holds once the
 * messages sent before this one are handled). Answered by `checkpoint`. The pool then makes replacement
 * workers from those bytes and drops the edits up to `version`, so that its log of edits stays short.
 */
export interface CheckpointMessage {
  type: 'checkpoint';
  version: number;
}

/**
 * @internal For tests only (tests/web/pool-faults.test.ts): makes the worker fail as a crash would,
 * without the pool being told: `exit` ends the worker's thread with `code`, `trap` throws a
 * WebAssembly.RuntimeError while handling a message, `end-thread` ends search thread `thread` of a
 * shared-mode module, `trap-thread` makes that thread execute a trap in the module (as a search that
 * hits a bug would) while the worker waits for it. Never sent by the pool itself.
 */
export interface FaultMessage {
  type: 'fault';
  fault: 'exit' | 'trap' | 'end-thread' | 'trap-thread';
  code?: number;
  thread?: number;
}

/** Every message a worker receives. */
export type ToWorker = InitMessage | SearchMessage | PlanMessage | ReachMessage | EditMessage | CheckpointMessage | FaultMessage;

/** Worker → pool: the planner is built. */
export interface ReadyMessage {
  type: 'ready';
  threads: number;
  options: RawOptions;
  stats: HierarchyStats | ShpaStats | HaaStats | WorldHierarchyStats;
  /** A world planner: the world's size and the module's block kinds (for the pool to check changes with). */
  world?: { size: WorldSize; blockKinds: BlockKindInfo[] };
  /** Set when the planner cannot be edited (SHPA*): the reason, for the pool to reject updates with. */
  staticMapsOnly?: string;
  /** Size of the worker's wasm heap, in bytes (shared mode: the one heap of all threads). */
  heapBytes: number;
  /** The WebAssembly module it loaded: `hpastar-grid`, `hpastar-grid-mt`, `hpastar` or `hpastar-mt`. */
  module: string;
  /** The hierarchies as bytes, one per agent class, when `init.serialize` asked for them (transferred). */
  bytes?: Uint8Array[];
  /**
   * Browsers, shared mode: the names of the Web Locks its search threads hold while they live, for the
   * pool to watch (lifelock.ts).
   */
  lifelocks?: string[];
}

/** Worker → pool: the answers of one job (the buffers are transferred). */
export interface ResultMessage extends PathBatchArrays {
  type: 'result';
  job: number;
  version: number;
  heapBytes: number;
}

/** Worker → pool: the answers of one plan job (the buffers are transferred). */
export interface PlannedMessage extends PlanBatchArrays {
  type: 'planned';
  job: number;
  version: number;
  heapBytes: number;
}

/** Worker → pool: the answer of a reachability question, as the planner's handle gave it. */
export interface ReachedMessage {
  type: 'reached';
  job: number;
  version: number;
  heapBytes: number;
  /** A flow field's steps are transferred, and so are labels. */
  answer: number | boolean | { x: number; y: number } | null | { error: string } | RawFlowFieldAnswer | { layout: LabelLayout; labels: LabelsMessage };
}

/** Worker → pool: the worker now holds `version`. */
export interface EditedMessage {
  type: 'edited';
  version: number;
  stats: HierarchyStats | HaaStats | WorldHierarchyStats;
  /**
   * What the change rebuilt (the planner's `lastUpdate`), one per agent class in the pool's order: the
   * pool answers the update with them.
   */
  updates: (RawUpdateStats | RawWorldUpdateStats)[];
  /** With the edit's `labels`: per agent class, its labels of the rebuilt clusters (null for other planners). */
  labels?: (LabelsMessage | null)[];
  heapBytes: number;
}

/**
 * Worker → pool: something failed. With `job`, only that job (its batch is rejected); `fatal` means
 * the worker cannot go on (the pool then fails every pending call and stops). `stage` tells a module
 * that could not start (`'load'`: the pool may fall back to copied mode) from bad options (`'build'`).
 */
export interface ErrorMessage {
  type: 'error';
  job?: number;
  fatal: boolean;
  stage?: 'load' | 'build' | 'run';
  /** What failed: a module's failure string (its status code in it), or the worker's own words. */
  message: string;
  /** A failure the module answered as an object (`{ error, code, figures }`): its code and figures. */
  code?: number;
  figures?: OutOfMemoryFigures;
}

/**
 * Worker → pool: the planner serialized at `version` (HPA*: one hierarchy per agent class; a block
 * world: its hierarchy), transferred; or why it could not be (the pool keeps its edits and asks again later).
 */
export type CheckpointTakenMessage = { type: 'checkpoint'; version: number; heapBytes: number } & ({ bytes: Uint8Array[] } | { error: string });

/**
 * Node, shared mode: one search thread of the module started. `lifeline` is a port whose other end
 * that thread holds: it closes when the thread ends, whatever the cause (an exit, a trap, a
 * terminate), and before that the thread sends on it what it knows (`{ exitCode }`, `{ reason }`).
 * The pool watches it because the module's own thread cannot: it is blocked in a batch that waits for
 * the dead thread.
 */
export interface ThreadMessage {
  type: 'thread';
  thread: number;
  lifeline: LifelinePort;
}

/**
 * The part of Node's MessagePort the pool uses (declared here so that the package's typings do not
 * need Node's).
 */
export interface LifelinePort {
  on(event: 'message', listener: (message: { exitCode?: number; reason?: string }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  unref(): void;
}

/** Worker → pool, while it builds (when `init.progress` asked): the phase and the share of the build done. */
export interface ProgressMessage {
  type: 'progress';
  phase: string;
  done: number;
}

/**
 * Worker → pool, after each slice of the background refresh of the landmarks and distance tables (when
 * `init.refreshProgress` asked): the terrain version it refreshes for, the phase, and the share of the
 * refresh done over every agent class (1 once every class's fresh tables are installed).
 */
export interface RefreshMessage {
  type: 'refresh';
  version: number;
  phase: string;
  done: number;
}

/** Every message a worker sends. */
export type FromWorker = ReadyMessage | ResultMessage | PlannedMessage | ReachedMessage | EditedMessage | CheckpointTakenMessage | ProgressMessage | RefreshMessage | ErrorMessage | ThreadMessage;
