// Wraps a started embind module in the typed API: the factories of {@link Hpastar}. Shared by the
// package's entries (index.ts, inline.ts), not exported by them.
import type { HpastarModule, RawGrid, RawHPAStar, RawWorldHPAStar } from 'hpastar:raw';
import type { Hpastar, HpastarGrid } from './api.ts';
import { AStar } from './astar.ts';
import { Grid, rawGrid } from './grid.ts';
import { agentOf, AnnotatedAStar, capabilityText, HAAStar } from './haastar.ts';
import { HPAStar, type HpaModuleParts } from './hpastar.ts';
import { JPS, JPSPlus } from './jps.ts';
import { byteArray, describe, int32, integerIn, terrainBytes, text } from './args.ts';
import { errorOfFailure, failureOf } from './errors.ts';
import { internal, moduleError, resolveHaaOptions, resolveHierarchyOptions, resolvedOptionsOf, resolveShpaOptions } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { plannerFactory } from './planner.ts';
import { SHPAStar } from './shpastar.ts';
import { ProgressRelay, type BuildControl } from './progress.ts';
import { BlockKinds, BlockWorld, checkGenerateOptions, rawWorld, resolveWorldOptions, WorldAStar, WorldHPAStar, type BlockKindInfo, type ResolvedWorldHierarchyOptions, type WorldGenerateOptions, type WorldHierarchyOptions, type WorldKind, type WorldLimits } from './world.ts';
import type { Agent, ClearanceKind, HaaOptions, HierarchyOptions, OptionChoice, ResolvedHaaOptions, ResolvedHierarchyOptions, ResolvedShpaOptions, ShpaOptions } from './types.ts';

// The raw module behind each API that bindModule or bindGridModule made, for the package's own
// command-line tool (web/lib/cli), which calls the core's Moving AI readers and path check: not part of the API.
const rawModules = new WeakMap<object, HpastarModule>();

/** @internal The started module that `hp` wraps. */
export function rawModuleOf(hp: Hpastar | HpastarGrid): HpastarModule {
  const module = rawModules.get(hp);
  if (!module) throw new TypeError('expected the API that loadHpastar resolves to');
  return module;
}

/** Said where a grid module is asked for a block world. */
const NO_BLOCK_WORLDS = 'this is the module of "hpastar/grid", which has no block worlds: load the module of "hpastar" for them';

type WorldFactories = Pick<Hpastar, 'BlockWorld' | 'WorldAStar' | 'WorldHPAStar'>;
/** The factories of the full module only, besides block worlds: the papers' HAA* and SHPA*. */
type PaperPlanners = Pick<Hpastar, 'SHPAStar' | 'HAAStar' | 'AnnotatedAStar'>;

/**
 * Wraps a started full module in the typed API.
 * @param state - the module's state, told of aborts by Emscripten's `onAbort` where the module was
 *   started: every object made here refuses calls once the module has stopped
 */
export function bindModule(module: HpastarModule, state: ModuleState): Hpastar {
  if (!module.buildInfo().full) throw new Error(`loadHpastar: the module started is the grid module (hpastar-grid.wasm): give the "hpastar" entry its own hpastar.wasm`);
  const worlds = bindWorlds(module, state);
  const api: Hpastar = { ...bindGridParts(module, state, worlds), ...bindPaperPlanners(module, state), ...worlds };
  rawModules.set(api, module);
  return api;
}

/** Wraps a started module in the API of `hpastar/grid`: {@link bindModule}'s without what only the full module holds. */
export function bindGridModule(module: HpastarModule, state: ModuleState): HpastarGrid {
  const api = bindGridParts(module, state, null);
  rawModules.set(api, module);
  return api;
}

function bindGridParts(module: HpastarModule, state: ModuleState, worlds: WorldFactories | null): HpastarGrid {
  const grids = bindGrids(module, state);
  const planners = bindGridPlanners(module, state);
  const noBlockWorlds = (where: string): never => {
    throw new Error(`${where}: ${NO_BLOCK_WORLDS}`);
  };
  const Planner = plannerFactory({
    forAgent: (grid, agent) => grids.Grid.forAgent(grid, agent),
    buildHpa: (grid, options, control) => planners.HPAStar.build(grid, options, control),
    loadHpa: (bytes) => planners.HPAStar.load(bytes),
    loadWorld: (bytes) => (worlds ? worlds.WorldHPAStar.load(bytes) : noBlockWorlds('Planner.load')),
    savedKind: (bytes) => state.call('Planner.load', () => module.savedHierarchyKind(bytes)),
    isWorld: (map): map is BlockWorld => map instanceof BlockWorld,
    buildWorld: (world, options, control) => (worlds ? worlds.WorldHPAStar.build(world, options, control) : noBlockWorlds('Planner.build')),
  });
  return { ...grids, ...planners, Planner };
}

/**
 * A raw object made by `make` and filled by `fill` (build, load, parse), which answers `""` or its error.
 * On an error the object is freed and the error its status code chooses thrown (`Kind` for an error
 * without a code): its message names the call, unless `named` (the error names a file and line instead;
 * an OutOfMemoryError still names the call).
 */
function filled<R extends { delete(): void }>(
  state: ModuleState,
  where: string,
  make: () => R,
  fill: (raw: R) => string,
  Kind: ErrorConstructor | RangeErrorConstructor = Error,
  named = false,
): R {
  const raw = state.call(where, make);
  const error = state.call(where, () => fill(raw));
  if (error) {
    raw.delete();
    if (!named) throw moduleError(where, error, Kind);
    const failure = failureOf(error);
    throw failure.figures ? moduleError(where, failure, Kind) : errorOfFailure(failure.error, failure, Kind);
  }
  return raw;
}

/**
 * A planner built on a grid (HPA*, SHPA*, HAA*): the module checked, then the options resolved and the
 * grid taken (their errors name `where`), the core's refusal a RangeError.
 */
function builtOnGrid<O, R extends { delete(): void }>(
  state: ModuleState,
  where: string,
  grid: Grid,
  resolve: (where: string) => O,
  make: () => R,
  build: (raw: R, grid: RawGrid, options: O) => string,
): R {
  state.check(where);
  const o = resolve(where);
  const g = rawGrid(grid, where);
  return filled(state, where, make, (raw) => build(raw, g, o), RangeError);
}

/**
 * A file's text and name, checked, for the module to parse: the text as UTF-8 bytes, since the module
 * makes room for them before it copies them in (a string would be copied into its heap before it could).
 * Its errors name the file and line (`arena.map:7: ...`).
 */
function textFile(where: string, what: string, content: unknown, fileName: unknown): { bytes: Uint8Array; name: string } {
  return { bytes: new TextEncoder().encode(text(where, what, content)), name: text(where, 'fileName', fileName) };
}

function bindGrids(module: HpastarModule, state: ModuleState): Pick<Hpastar, 'Grid'> {
  const makeGrid = (where: string, fill: (raw: InstanceType<HpastarModule['Grid']>) => string, named = false): Grid =>
    new Grid(filled(state, where, () => new module.Grid(), fill, Error, named), state, internal);
  return {
    Grid: {
      fromMovingAI(mapText: string, fileName = 'map'): Grid {
        const where = 'Grid.fromMovingAI';
        const { bytes, name } = textFile(where, 'the map text', mapText, fileName);
        return makeGrid(where, (raw) => raw.loadMovingAI(bytes, name), true);
      },
      fromTerrain(terrain: Uint8Array | string, width: number, height: number): Grid {
        const where = 'Grid.fromTerrain';
        const bytes = terrainBytes(where, 'terrain', terrain);
        // Sizes outside what the core takes (1..8192) get the core's message.
        int32(where, 'width', width);
        int32(where, 'height', height);
        return makeGrid(where, (raw) => raw.loadTerrain(bytes, width, height));
      },
      forAgent(grid: Grid, agent: Agent): Grid {
        const where = 'Grid.forAgent';
        const from = rawGrid(grid, where);
        const { size, capability } = agentOf(where, agent);
        return makeGrid(where, (raw) => raw.loadForAgent(from, size, capability));
      },
    },
  };
}

type GridPlanners = Pick<Hpastar, 'AStar' | 'JPS' | 'JPSPlus' | 'HPAStar'>;

function bindGridPlanners(module: HpastarModule, state: ModuleState): GridPlanners {
  class BoundAStar extends AStar {
    constructor() {
      state.check('new AStar');
      super(new module.AStar(), state, internal);
    }
  }
  class BoundJPS extends JPS {
    constructor() {
      state.check('new JPS');
      super(new module.JPS(), state, internal);
    }
  }
  return {
    AStar: BoundAStar,
    JPS: BoundJPS,
    JPSPlus: {
      build(grid: Grid): JPSPlus {
        state.check('JPSPlus.build');
        const g = rawGrid(grid, 'JPSPlus.build');
        return new JPSPlus(filled(state, 'JPSPlus.build', () => new module.JPSPlus(), (raw) => raw.build(g)), state, internal);
      },
    },
    HPAStar: bindHpaStar(module, state),
  };
}

function bindPaperPlanners(module: HpastarModule, state: ModuleState): PaperPlanners {
  const shpaDefaults = resolvedOptionsOf<ResolvedShpaOptions>(module.SHPAStar.defaultOptions());
  const shpaStaticMessage = module.SHPAStar.staticMapsOnly();
  const haaDefaults = resolvedOptionsOf<ResolvedHaaOptions>(module.HAAStar.defaultOptions());
  return {
    SHPAStar: {
      build(grid: Grid, options?: ShpaOptions): SHPAStar {
        const resolve = (where: string) => resolveShpaOptions(options, shpaDefaults, where);
        const raw = builtOnGrid(state, 'SHPAStar.build', grid, resolve, () => new module.SHPAStar(), (r, g, o) => r.build(g, o));
        return new SHPAStar(raw, shpaStaticMessage, state, internal);
      },
      defaultOptions: shpaDefaults,
    },
    HAAStar: {
      build(grid: Grid, options?: HaaOptions): HAAStar {
        const resolve = (where: string) => resolveHaaOptions(options, haaDefaults, where);
        return new HAAStar(builtOnGrid(state, 'HAAStar.build', grid, resolve, () => new module.HAAStar(), (r, g, o) => r.build(g, o)), state, internal);
      },
      defaultOptions: haaDefaults,
    },
    AnnotatedAStar: {
      build(grid: Grid, capability: string | readonly string[], clearance: ClearanceKind = 'true'): AnnotatedAStar {
        const where = 'AnnotatedAStar.build';
        state.check(where);
        const text = capabilityText(where, capability);
        const g = rawGrid(grid, where);
        const raw = filled(state, where, () => new module.AnnotatedAStar(), (r) => r.buildWithClearance(g, text, String(clearance)), RangeError);
        return new AnnotatedAStar(raw, state, internal);
      },
    },
  };
}

function bindHpaStar(module: HpastarModule, state: ModuleState): Hpastar['HPAStar'] {
  const parts: HpaModuleParts = {
    state,
    makeQuery: (planner) => new module.HPAStarQuery(planner),
    makeFlowFields: (planner) => new module.HPAStarFlowFields(planner),
    inspection: {
      hpaClusterRects: (planner, level) => module.hpaClusterRects(planner, level),
      hpaQueryConnections: (query, sx, sy, gx, gy) => module.hpaQueryConnections(query, sx, sy, gx, gy),
      hpaComponentLabels: (planner) => module.hpaComponentLabels(planner),
      hpaCellClusters: (planner) => module.hpaCellClusters(planner),
      hpaEntrances: (planner) => module.hpaEntrances(planner),
      hpaClusterBuild: (planner, cluster) => module.hpaClusterBuild(planner, cluster),
      hpaNodeTree: (planner, x, y) => module.hpaNodeTree(planner, x, y),
    },
  };
  return {
    build(grid: Grid, options?: HierarchyOptions, control?: BuildControl): HPAStar {
      const where = 'HPAStar.build';
      const relay = new ProgressRelay(where, control);
      // Only the fields given: the module fills in the others with its choice for this map.
      const resolve = (w: string) => resolveHierarchyOptions(options, {} as ResolvedHierarchyOptions, w);
      const progress = relay.part();
      const make = () => new module.HPAStar();
      let raw: RawHPAStar;
      try {
        raw = builtOnGrid(state, where, grid, resolve, make, (r, g, o) => r.build(g, o, progress));
      } catch (error) {
        relay.rethrow(where);
        throw error;
      }
      return new HPAStar(raw, parts, internal);
    },
    load(bytes: Uint8Array): HPAStar {
      byteArray('HPAStar.load', 'bytes', bytes);
      return new HPAStar(filled(state, 'HPAStar.load', () => new module.HPAStar(), (raw) => raw.load(bytes)), parts, internal);
    },
    chooseOptions(grid: Grid, options?: HierarchyOptions): OptionChoice {
      const where = 'HPAStar.chooseOptions';
      state.check(where);
      const o = resolveHierarchyOptions(options, {} as ResolvedHierarchyOptions, where);
      const g = rawGrid(grid, where);
      const answer = state.call(where, () => module.HPAStar.chooseOptions(g, o));
      if (typeof answer === 'string') throw moduleError(where, answer, RangeError);
      return Object.freeze({ options: resolvedOptionsOf<ResolvedHierarchyOptions>(answer.options), reason: answer.reason });
    },
    defaultOptions: resolvedOptionsOf<ResolvedHierarchyOptions>(module.HPAStar.defaultOptions()),
  };
}

function bindWorlds(module: HpastarModule, state: ModuleState): Pick<Hpastar, 'BlockWorld' | 'WorldAStar' | 'WorldHPAStar'> {
  class BoundWorldAStar extends WorldAStar {
    constructor() {
      state.check('new WorldAStar');
      super(new module.WorldAStar(), state, internal);
    }
  }
  const blockKinds = new BlockKinds(module.worldBlockKinds() as BlockKindInfo[]);
  const rawLimits = module.worldLimits();
  const worldLimits: WorldLimits = Object.freeze({ ...rawLimits, kinds: Object.freeze(rawLimits.kinds as WorldKind[]) });
  const worldDefaults = resolvedOptionsOf<ResolvedWorldHierarchyOptions>(module.WorldHPAStar.defaultOptions());
  const worldParts = { makeQuery: (p: RawWorldHPAStar) => new module.WorldHPAStarQuery(p), makeFlowFields: (p: RawWorldHPAStar) => new module.WorldFlowFields(p) };
  const makeWorld = (where: string, fill: (raw: InstanceType<HpastarModule['BlockWorld']>) => string, Kind: ErrorConstructor | RangeErrorConstructor, named: boolean): BlockWorld =>
    new BlockWorld(filled(state, where, () => new module.BlockWorld(), fill, Kind, named), blockKinds, state, internal);
  return {
    BlockWorld: {
      parse(worldText: string, fileName = 'world'): BlockWorld {
        const where = 'BlockWorld.parse';
        const { bytes, name } = textFile(where, 'the world text', worldText, fileName);
        return makeWorld(where, (raw) => raw.parse(bytes, name), Error, true);
      },
      generate(options: WorldGenerateOptions): BlockWorld {
        const where = 'BlockWorld.generate';
        const { kind, size, seed } = checkGenerateOptions(options, where);
        return makeWorld(where, (raw) => raw.generate(kind, size.width, size.height, size.levels, seed), RangeError, false);
      },
      blockKinds: blockKinds.list,
      limits: worldLimits,
    },
    WorldAStar: BoundWorldAStar,
    WorldHPAStar: {
      build(world: BlockWorld, options?: WorldHierarchyOptions, control?: BuildControl): WorldHPAStar {
        const where = 'WorldHPAStar.build';
        state.check(where);
        const relay = new ProgressRelay(where, control);
        const o = resolveWorldOptions(options, worldDefaults, where);
        const w = rawWorld(world, where);
        const progress = relay.part();
        let raw: RawWorldHPAStar;
        try {
          raw = filled(state, where, () => new module.WorldHPAStar(), (r) => r.build(w, o, progress), RangeError);
        } catch (error) {
          relay.rethrow(where);
          throw error;
        }
        return new WorldHPAStar(raw, blockKinds, worldParts, state, internal);
      },
      load(bytes: Uint8Array): WorldHPAStar {
        const where = 'WorldHPAStar.load';
        byteArray(where, 'bytes', bytes);
        return new WorldHPAStar(filled(state, where, () => new module.WorldHPAStar(), (r) => r.load(bytes)), blockKinds, worldParts, state, internal);
      },
      defaultOptions: worldDefaults,
    },
  };
}
