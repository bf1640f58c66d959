// Wraps a started embind module in the typed API: the factories of {@link Hpastar}. Shared by the
// package's entries (index.ts, inline.ts), not exported by them.
import type { HpastarModule } from 'hpastar:raw';
import type { Hpastar } from './api.ts';
import { AStar } from './astar.ts';
import { Grid, rawGrid } from './grid.ts';
import { AnnotatedAStar, capabilityText, HAAStar } from './haastar.ts';
import { HPAStar, type HpaModuleParts } from './hpastar.ts';
import { JPS, JPSPlus } from './jps.ts';
import { byteArray, describe, int32, integerIn, terrainBytes, text } from './args.ts';
import { outOfMemoryError } from './errors.ts';
import { internal, moduleError, resolveHaaOptions, resolveHierarchyOptions, resolvedOptionsOf, resolveShpaOptions } from './internal.ts';
import type { ModuleState } from './moduleState.ts';
import { SHPAStar } from './shpastar.ts';
import { BlockKinds, BlockWorld, checkGenerateOptions, rawWorld, resolveWorldOptions, WorldAStar, WorldHPAStar, type BlockKindInfo, type ResolvedWorldHierarchyOptions, type WorldGenerateOptions, type WorldHierarchyOptions, type WorldKind, type WorldLimits } from './world.ts';
import type { ClearanceKind, HaaOptions, HierarchyOptions, OptionChoice, ResolvedHaaOptions, ResolvedHierarchyOptions, ResolvedShpaOptions, ShpaOptions } from './types.ts';

// The raw module behind each API that bindModule made, for the package's own command-line tool
// (web/lib/cli), which calls the core's Moving AI readers and path check: not part of the API.
const rawModules = new WeakMap<Hpastar, HpastarModule>();

/** @internal The started module that `hp` wraps. */
export function rawModuleOf(hp: Hpastar): HpastarModule {
  const module = rawModules.get(hp);
  if (!module) throw new TypeError('expected the API that loadHpastar resolves to');
  return module;
}

/**
 * Wraps a started module in the typed API.
 * @param state - the module's state, told of aborts by Emscripten's `onAbort` where the module was
 *   started: every object made here refuses calls once the module has stopped
 */
export function bindModule(module: HpastarModule, state: ModuleState): Hpastar {
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
  const defaultOptions = resolvedOptionsOf<ResolvedHierarchyOptions>(module.HPAStar.defaultOptions());
  const shpaDefaults = resolvedOptionsOf<ResolvedShpaOptions>(module.SHPAStar.defaultOptions());
  const shpaStaticMessage = module.SHPAStar.staticMapsOnly();
  const haaDefaults = resolvedOptionsOf<ResolvedHaaOptions>(module.HAAStar.defaultOptions());
  const hpaParts: HpaModuleParts = {
    state,
    makeQuery: (planner) => new module.HPAStarQuery(planner),
    makeFlowFields: (planner) => new module.HPAStarFlowFields(planner),
    inspection: {
      hpaClusterRects: (planner, level) => module.hpaClusterRects(planner, level),
      hpaQueryConnections: (query, sx, sy, gx, gy) => module.hpaQueryConnections(query, sx, sy, gx, gy),
      hpaComponentLabels: (planner) => module.hpaComponentLabels(planner),
      hpaEntrances: (planner) => module.hpaEntrances(planner),
      hpaClusterBuild: (planner, cluster) => module.hpaClusterBuild(planner, cluster),
      hpaNodeTree: (planner, x, y) => module.hpaNodeTree(planner, x, y),
    },
  };
  class BoundWorldAStar extends WorldAStar {
    constructor() {
      state.check('new WorldAStar');
      super(new module.WorldAStar(), state, internal);
    }
  }
  const blockKinds = new BlockKinds(module.worldBlockKinds() as BlockKindInfo[]);
  const rawLimits = module.worldLimits();
  const worldLimits: WorldLimits = Object.freeze({ ...rawLimits, kinds: Object.freeze(rawLimits.kinds as WorldKind[]) });
  const worldDefaults = Object.freeze({ ...module.WorldHPAStar.defaultOptions() }) as ResolvedWorldHierarchyOptions;
  // A world from a raw handle that `load` fills; its error (`named`: it names the file) becomes an Error.
  const makeWorld = (load: (raw: InstanceType<HpastarModule['BlockWorld']>) => string, where: string, named: boolean, Kind: ErrorConstructor | RangeErrorConstructor): BlockWorld => {
    const raw = state.call(where, () => new module.BlockWorld());
    const error = state.call(where, () => load(raw));
    if (error) {
      raw.delete();
      throw outOfMemoryError(where, error) ?? (named ? new Kind(error) : new Kind(`${where}: ${error}`));
    }
    return new BlockWorld(raw, blockKinds, state, internal);
  };
  // A map's errors name the file and line (`arena.map:7: ...`) instead of the call: `named` says so.
  const makeGrid = (load: (raw: InstanceType<HpastarModule['Grid']>) => string, where: string, named = false): Grid => {
    const raw = state.call(where, () => new module.Grid());
    const error = state.call(where, () => load(raw));
    if (error) {
      raw.delete();
      throw outOfMemoryError(where, error) ?? new Error(named ? error : `${where}: ${error}`);
    }
    return new Grid(raw, state, internal);
  };
  const api: Hpastar = {
    Grid: {
      fromMovingAI(mapText: string, fileName = 'map'): Grid {
        const where = 'Grid.fromMovingAI';
        const content = text(where, 'the map text', mapText);
        const name = text(where, 'fileName', fileName);
        // As UTF-8 bytes: the module makes room for them before it copies them in (a string would be
        // copied into its heap before it could).
        const bytes = new TextEncoder().encode(content);
        return makeGrid((raw) => raw.loadMovingAI(bytes, name), where, true);
      },
      fromTerrain(terrain: Uint8Array | string, width: number, height: number): Grid {
        const where = 'Grid.fromTerrain';
        const bytes = terrainBytes(where, 'terrain', terrain);
        // Sizes outside what the core takes (1..8192) get the core's message.
        int32(where, 'width', width);
        int32(where, 'height', height);
        return makeGrid((raw) => raw.loadTerrain(bytes, width, height), where);
      },
    },
    AStar: BoundAStar,
    JPS: BoundJPS,
    JPSPlus: {
      build(grid: Grid): JPSPlus {
        state.check('JPSPlus.build');
        const g = rawGrid(grid, 'JPSPlus.build');
        const raw = state.call('JPSPlus.build', () => new module.JPSPlus());
        const error = state.call('JPSPlus.build', () => raw.build(g));
        if (error) {
          raw.delete();
          throw moduleError('JPSPlus.build', error);
        }
        return new JPSPlus(raw, state, internal);
      },
    },
    HPAStar: {
      build(grid: Grid, options?: HierarchyOptions): HPAStar {
        state.check('HPAStar.build');
        // Only the fields given: the module fills in the others with its choice for this map.
        const o = resolveHierarchyOptions(options, {} as ResolvedHierarchyOptions, 'HPAStar.build');
        const g = rawGrid(grid, 'HPAStar.build');
        const raw = state.call('HPAStar.build', () => new module.HPAStar());
        const error = state.call('HPAStar.build', () => raw.build(g, o));
        if (error) {
          raw.delete();
          throw moduleError('HPAStar.build', error, RangeError);
        }
        return new HPAStar(raw, hpaParts, internal);
      },
      load(bytes: Uint8Array): HPAStar {
        byteArray('HPAStar.load', 'bytes', bytes);
        const raw = state.call('HPAStar.load', () => new module.HPAStar());
        const error = state.call('HPAStar.load', () => raw.load(bytes));
        if (error) {
          raw.delete();
          throw moduleError('HPAStar.load', error);
        }
        return new HPAStar(raw, hpaParts, internal);
      },
      chooseOptions(grid: Grid, options?: HierarchyOptions): OptionChoice {
        state.check('HPAStar.chooseOptions');
        const o = resolveHierarchyOptions(options, {} as ResolvedHierarchyOptions, 'HPAStar.chooseOptions');
        const g = rawGrid(grid, 'HPAStar.chooseOptions');
        const answer = state.call('HPAStar.chooseOptions', () => module.HPAStar.chooseOptions(g, o));
        if (typeof answer === 'string') throw moduleError('HPAStar.chooseOptions', answer, RangeError);
        return Object.freeze({ options: resolvedOptionsOf<ResolvedHierarchyOptions>(answer.options), reason: answer.reason });
      },
      defaultOptions,
    },
    SHPAStar: {
      build(grid: Grid, options?: ShpaOptions): SHPAStar {
        state.check('SHPAStar.build');
        const o = resolveShpaOptions(options, shpaDefaults, 'SHPAStar.build');
        const g = rawGrid(grid, 'SHPAStar.build');
        const raw = state.call('SHPAStar.build', () => new module.SHPAStar());
        const error = state.call('SHPAStar.build', () => raw.build(g, o));
        if (error) {
          raw.delete();
          throw moduleError('SHPAStar.build', error, RangeError);
        }
        return new SHPAStar(raw, shpaStaticMessage, state, internal);
      },
      defaultOptions: shpaDefaults,
    },
    HAAStar: {
      build(grid: Grid, options?: HaaOptions): HAAStar {
        state.check('HAAStar.build');
        const o = resolveHaaOptions(options, haaDefaults, 'HAAStar.build');
        const g = rawGrid(grid, 'HAAStar.build');
        const raw = state.call('HAAStar.build', () => new module.HAAStar());
        const error = state.call('HAAStar.build', () => raw.build(g, o));
        if (error) {
          raw.delete();
          throw moduleError('HAAStar.build', error, RangeError);
        }
        return new HAAStar(raw, state, internal);
      },
      defaultOptions: haaDefaults,
    },
    AnnotatedAStar: {
      build(grid: Grid, capability: string | readonly string[], clearance: ClearanceKind = 'true'): AnnotatedAStar {
        state.check('AnnotatedAStar.build');
        const text = capabilityText('AnnotatedAStar.build', capability);
        const g = rawGrid(grid, 'AnnotatedAStar.build');
        const raw = state.call('AnnotatedAStar.build', () => new module.AnnotatedAStar());
        const error = state.call('AnnotatedAStar.build', () => raw.buildWithClearance(g, text, String(clearance)));
        if (error) {
          raw.delete();
          throw moduleError('AnnotatedAStar.build', error, RangeError);
        }
        return new AnnotatedAStar(raw, state, internal);
      },
    },
    BlockWorld: {
      parse(worldText: string, fileName = 'world'): BlockWorld {
        const where = 'BlockWorld.parse';
        const content = text(where, 'the world text', worldText);
        const name = text(where, 'fileName', fileName);
        const bytes = new TextEncoder().encode(content);
        return makeWorld((raw) => raw.parse(bytes, name), where, true, Error);
      },
      generate(options: WorldGenerateOptions): BlockWorld {
        const where = 'BlockWorld.generate';
        const { kind, size, seed } = checkGenerateOptions(options, where);
        return makeWorld((raw) => raw.generate(kind, size.width, size.height, size.levels, seed), where, false, RangeError);
      },
      blockKinds: blockKinds.list,
      limits: worldLimits,
    },
    WorldAStar: BoundWorldAStar,
    WorldHPAStar: {
      build(world: BlockWorld, options?: WorldHierarchyOptions): WorldHPAStar {
        const where = 'WorldHPAStar.build';
        state.check(where);
        const o = resolveWorldOptions(options, worldDefaults, where);
        const w = rawWorld(world, where);
        const raw = state.call(where, () => new module.WorldHPAStar());
        const error = state.call(where, () => raw.build(w, o));
        if (error) {
          raw.delete();
          throw moduleError(where, error, RangeError);
        }
        return new WorldHPAStar(raw, blockKinds, state, internal);
      },
      defaultOptions: worldDefaults,
    },
  };
  rawModules.set(api, module);
  return api;
}

