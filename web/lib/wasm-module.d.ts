/**
 * Hand-written types of the raw Emscripten module `web/lib/wasm/hpastar.mjs` (built by CMake with
 * `emcmake`; Emscripten 3.1.6 has no `--emit-tsd`). Keep in step with `cpp/bindings/Bindings.cpp`.
 *
 * The declaration is a wildcard so that it matches the relative import `./wasm/hpastar.mjs` whether or
 * not the module has been built yet (TypeScript does not allow a relative name in `declare module`).
 * Application code should use the wrapper in `index.ts`, not these raw handles.
 */
declare module '*/wasm/hpastar.mjs' {
  /** An embind object: C++ memory that JavaScript must free with `delete()`. */
  export interface EmbindHandle {
    /** Frees the C++ object. Any later call on this handle throws a BindingError. */
    delete(): void;
    isDeleted(): boolean;
  }

  /** `GridHandle` in Bindings.cpp: a grid owned by JavaScript, empty until loaded. */
  export interface RawGrid extends EmbindHandle {
    /** Parses Moving AI map text; returns `""` on success, else `"<fileName>:<line>: <problem>"`. */
    loadMovingAI(text: string, fileName: string): string;
    loaded(): boolean;
    width(): number;
    height(): number;
    passable(x: number, y: number): boolean;
    /** The Moving AI terrain characters, row-major: a fresh copy. */
    terrain(): Uint8Array;
  }

  /** What `AStar.findPath` returns. Only `status` and `found` are set when the grid is not loaded. */
  export interface RawPathResult {
    status: string;
    found: boolean;
    cost?: number;
    /** x0, y0, x1, y1, … from start to goal inclusive. */
    cells?: Int32Array;
    expanded?: number;
  }

  /** `AStarHandle` in Bindings.cpp: an A* query object that keeps its scratch between calls. */
  export interface RawAStar extends EmbindHandle {
    findPath(grid: RawGrid, sx: number, sy: number, gx: number, gy: number): RawPathResult;
  }

  /** The instantiated module. */
  export interface HpastarModule {
    Grid: new () => RawGrid;
    AStar: new () => RawAStar;
  }

  /** The subset of Emscripten's module arguments that we use. */
  export interface HpastarModuleArgs {
    /** The bytes of `hpastar.wasm`; required in Node, where the module cannot fetch it. */
    wasmBinary?: ArrayBuffer | Uint8Array;
    /** Maps a file name the module asks for (`hpastar.wasm`) to a URL. */
    locateFile?: (path: string, scriptDirectory: string) => string;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }

  /** The factory (`-sMODULARIZE -sEXPORT_ES6 -sEXPORT_NAME=createHpastarModule`). */
  export default function createHpastarModule(moduleArgs?: HpastarModuleArgs): Promise<HpastarModule>;
}
