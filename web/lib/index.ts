/**
 * hpastar: grid pathfinding in WebAssembly, for the browser and Node.
 *
 * A thin, typed layer over the embind module: it loads the `.wasm`, turns error strings into
 * exceptions, and makes C++ memory explicit (`dispose()`, or `using` where the runtime has it).
 *
 * @example
 * ```ts
 * const hpastar = await loadHpastar();
 * const grid = hpastar.Grid.fromMovingAI(mapText, 'arena.map');
 * const astar = new hpastar.AStar();
 * const path = astar.findPath(grid, { x: 1, y: 11 }, { x: 40, y: 37 });
 * console.log(path.found, path.cost, path.cells); // cells: x0, y0, x1, y1, ...
 * astar.dispose();
 * grid.dispose();
 * ```
 *
 * @packageDocumentation
 */
import createHpastarModule, {
  type HpastarModule,
  type HpastarModuleArgs,
  type RawAStar,
  type RawGrid,
} from './wasm/hpastar.mjs';

// `Symbol.dispose` is in Node >= 20 and current browsers; elsewhere use the well-known registry key
// that TypeScript's `using` helpers and core-js also use, so `[Symbol.dispose]` is never "undefined".
(Symbol as { dispose?: symbol }).dispose ??= Symbol.for('Symbol.dispose');

/** A cell of the grid: `x` is the column (0 = left), `y` the row (0 = top). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** How a search that ran ended. */
export type PathStatus = 'found' | 'no path';

/** The answer of a search. */
export interface PathResult {
  /** True when a path exists. */
  readonly found: boolean;
  /** `'found'`, or `'no path'` when start and goal are both valid but not connected. */
  readonly status: PathStatus;
  /** Length of the path: straight steps cost 1, diagonal steps √2. `Infinity` when not found. */
  readonly cost: number;
  /** The path's cells from start to goal inclusive, as x0, y0, x1, y1, …; empty when not found. */
  readonly cells: Int32Array;
  /** Nodes the search expanded (its work). */
  readonly expanded: number;
}

/** Thrown by a query that cannot run, such as a start or goal on a blocked cell or outside the map. */
export class PathQueryError extends Error {
  /** The core's status, e.g. `'start is outside the map or blocked'`. */
  readonly status: string;

  constructor(status: string, message: string) {
    super(message);
    this.name = 'PathQueryError';
    this.status = status;
  }
}

/** Options of {@link loadHpastar}. */
export interface LoadOptions {
  /**
   * The bytes of `hpastar.wasm`. Optional: in Node the file beside the module is read from disk, and
   * in the browser it is fetched from the URL the bundler gives it.
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Maps a file the module asks for (`'hpastar.wasm'`) to its URL, for hosting the `.wasm` elsewhere.
   * The default is the URL of `./wasm/hpastar.wasm` relative to this file (Vite rewrites it in dev and
   * build).
   */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

/** `hpastar.Grid`: makes grids in one loaded module. */
export interface GridFactory {
  /**
   * Parses a map in the Moving AI `.map` format.
   * @param text - the file's content
   * @param fileName - the name used in error messages
   * @throws Error - `"<fileName>:<line>: <problem>"` when the text is not a valid map
   */
  fromMovingAI(text: string, fileName?: string): Grid;
}

/** A loaded hpastar module. Objects it makes hold C++ memory: dispose of them when done. */
export interface Hpastar {
  /** Makes {@link Grid}s: `hpastar.Grid.fromMovingAI(text, 'arena.map')`. */
  readonly Grid: GridFactory;
  /** Makes {@link AStar} query objects: `new hpastar.AStar()`. */
  readonly AStar: new () => AStar;
}

// Constructors take this token so that only this file can wrap raw handles.
const internal: unique symbol = Symbol('hpastar.internal');

// Frees C++ objects that were garbage-collected without dispose(): a safety net, not the API.
const finalizer = new FinalizationRegistry<{ delete(): void }>((raw) => raw.delete());

// Lets AStar reach a Grid's raw handle while keeping it private to everyone else.
let rawGridOf: (grid: Grid) => RawGrid;

/**
 * A grid of Moving AI terrain: 8-connected, a diagonal step costs √2 and needs both orthogonal
 * neighbours passable (no corner cutting). Passable terrain is `.`, `G` and `S`.
 * Make one with `hpastar.Grid.fromMovingAI`.
 */
export class Grid implements Disposable {
  #raw: RawGrid | null;
  readonly #width: number;
  readonly #height: number;

  static {
    rawGridOf = (grid) => grid.#handle();
  }

  /** @internal Use `hpastar.Grid.fromMovingAI`. */
  constructor(raw: RawGrid, token: typeof internal) {
    if (token !== internal) throw new TypeError('use hpastar.Grid.fromMovingAI to make a Grid');
    this.#raw = raw;
    this.#width = raw.width();
    this.#height = raw.height();
    finalizer.register(this, raw, this);
  }

  /** Number of columns. */
  get width(): number {
    this.#handle();
    return this.#width;
  }

  /** Number of rows. */
  get height(): number {
    this.#handle();
    return this.#height;
  }

  /** Whether cell (x, y) is inside the grid and passable. */
  passable(x: number, y: number): boolean {
    return this.#handle().passable(x, y);
  }

  /** The terrain characters (Moving AI codes such as `.` or `@`) row-major: a copy, `width * height` bytes. */
  terrain(): Uint8Array {
    return this.#handle().terrain();
  }

  /** True once {@link Grid.dispose} has run. */
  get disposed(): boolean {
    return this.#raw === null;
  }

  /** Frees the grid's C++ memory. Calling it again does nothing; any other use afterwards throws. */
  dispose(): void {
    if (!this.#raw) return;
    finalizer.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  /** Same as {@link Grid.dispose}, for `using grid = ...`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #handle(): RawGrid {
    if (!this.#raw) throw new Error('this Grid has been disposed');
    return this.#raw;
  }
}

/**
 * An optimal A* search over a {@link Grid} (octile heuristic). It keeps its scratch memory between
 * queries, so reuse one per thread rather than making one per query.
 */
export class AStar implements Disposable {
  #raw: RawAStar | null;

  /** @internal Use `new hpastar.AStar()`. */
  constructor(raw: RawAStar, token: typeof internal) {
    if (token !== internal) throw new TypeError('use new hpastar.AStar() to make an AStar');
    this.#raw = raw;
    finalizer.register(this, raw, this);
  }

  /**
   * Finds a shortest path from `start` to `goal`.
   * @returns the path, or `found: false` with status `'no path'` when the two cells are not connected
   * @throws PathQueryError - when the start or the goal is outside the grid or blocked
   * @throws TypeError - when a coordinate is not an integer
   * @throws Error - when this object or the grid has been disposed
   */
  findPath(grid: Grid, start: Point, goal: Point): PathResult {
    checkPoint(start, 'start');
    checkPoint(goal, 'goal');
    const raw = this.#handle().findPath(rawGridOf(grid), start.x, start.y, goal.x, goal.y);
    const expanded = raw.expanded ?? 0;
    if (raw.status === 'found') {
      return { found: true, status: 'found', cost: raw.cost ?? 0, cells: raw.cells ?? new Int32Array(0), expanded };
    }
    if (raw.status === 'no path') {
      return { found: false, status: 'no path', cost: Infinity, cells: new Int32Array(0), expanded };
    }
    throw new PathQueryError(raw.status, describeFailure(raw.status, start, goal));
  }

  /** True once {@link AStar.dispose} has run. */
  get disposed(): boolean {
    return this.#raw === null;
  }

  /** Frees the query's C++ memory. Calling it again does nothing; any other use afterwards throws. */
  dispose(): void {
    if (!this.#raw) return;
    finalizer.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  /** Same as {@link AStar.dispose}, for `using astar = ...`. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  #handle(): RawAStar {
    if (!this.#raw) throw new Error('this AStar has been disposed');
    return this.#raw;
  }
}

function checkPoint(p: Point, what: string): void {
  const ok = (v: unknown) => Number.isInteger(v) && Math.abs(v as number) <= 0x7fffffff;
  if (!p || !ok(p.x) || !ok(p.y)) {
    throw new TypeError(`${what} must be a cell with integer x and y, got ${JSON.stringify(p)}`);
  }
}

// "start is outside the map or blocked" -> "start (3, 4) is outside the map or blocked".
function describeFailure(status: string, start: Point, goal: Point): string {
  if (status.startsWith('start ')) return `start (${start.x}, ${start.y})${status.slice(5)}`;
  if (status.startsWith('goal ')) return `goal (${goal.x}, ${goal.y})${status.slice(4)}`;
  return status;
}

function bind(module: HpastarModule): Hpastar {
  class BoundAStar extends AStar {
    constructor() {
      super(new module.AStar(), internal);
    }
  }
  return {
    Grid: {
      fromMovingAI(text: string, fileName = 'map'): Grid {
        const raw = new module.Grid();
        const error = raw.loadMovingAI(text, fileName);
        if (error) {
          raw.delete();
          throw new Error(error);
        }
        return new Grid(raw, internal);
      },
    },
    AStar: BoundAStar,
  };
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

// Where the .wasm lies beside this file. Written as a literal `new URL(..., import.meta.url)` so that
// Vite emits the file and rewrites the URL, in dev and in build.
function defaultWasmUrl(): URL {
  return new URL('./wasm/hpastar.wasm', import.meta.url);
}

async function readWasmInNode(): Promise<Uint8Array> {
  // A computed specifier keeps bundlers from pulling node:fs into browser builds.
  const fsName = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsName)) as typeof import('node:fs/promises');
  const url = defaultWasmUrl();
  try {
    return await fs.readFile(url);
  } catch (cause) {
    throw new Error(`cannot read ${decodeURIComponent(url.pathname)}: build it with "npm run build:wasm"`, { cause });
  }
}

async function instantiate(options: LoadOptions): Promise<Hpastar> {
  const args: HpastarModuleArgs = {
    locateFile: options.locateFile ?? ((path) => (path.endsWith('.wasm') ? defaultWasmUrl().href : path)),
  };
  if (options.wasmBinary) args.wasmBinary = options.wasmBinary;
  else if (isNode()) args.wasmBinary = await readWasmInNode();
  let module: HpastarModule;
  try {
    module = await createHpastarModule(args);
  } catch (cause) {
    // Emscripten rejects with a string or a RuntimeError whose text starts with "abort(".
    throw new Error(`cannot start the hpastar WebAssembly module: ${String(cause)}`, { cause });
  }
  return bind(module);
}

let shared: Promise<Hpastar> | undefined;

/**
 * Loads and starts the WebAssembly module.
 *
 * Called without options, it starts the module once and returns that same instance to every caller.
 * With options, each call starts a new instance (its own memory).
 */
export async function loadHpastar(options?: LoadOptions): Promise<Hpastar> {
  if (options?.wasmBinary || options?.locateFile) return instantiate(options);
  shared ??= instantiate({}).catch((error: unknown) => {
    shared = undefined; // let a later call try again
    throw error;
  });
  return shared;
}
