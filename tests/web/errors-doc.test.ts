// docs/errors.md ("Errors and what they mean") must stay true: it names every error class the package
// exports or throws and every status kind of the core, and every message it quotes as
// `<!-- message: id -->` followed by a ```text block is produced here by the real API, compared as
// `String(error)` prints it. A quoted message without a producer, or a producer without its quote, fails
// too, so that a reworded message cannot leave a stale quote behind.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '../../web/lib/index';
import { createPathPool, createWorkerBudget, Crowd, loadHpastar, LockstepCrowd, OutOfMemoryError, parseMovingAIMap, statusKindOf, type Hpastar, type PathPool } from '../../web/lib/index';
import * as inspectApi from '../../web/lib/inspect';
import { nodeTree } from '../../web/lib/inspect';
import * as crowdApi from '../../web/lib/crowd/index';
import { PATH_STATUS_NAMES, STATUS_KINDS } from '../../web/lib/generated/contract';

const DOC = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const LIB = fileURLToPath(new URL('../../web/lib/', import.meta.url));
const WASM = fileURLToPath(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url));

/** The quoted messages: id → the text, and whether its numbers vary from run to run (heap figures). */
function quotedMessages(): Map<string, { text: string; figuresVary: boolean }> {
  const quotes = new Map<string, { text: string; figuresVary: boolean }>();
  for (const m of DOC.matchAll(/<!-- message: ([\w-]+)( \(figures vary\))? -->\n```text\n(.*)\n```/g)) {
    expect(quotes.has(m[1]!), `message ${m[1]} quoted twice`).toBe(false);
    quotes.set(m[1]!, { text: m[3]!, figuresVary: m[2] !== undefined });
  }
  return quotes;
}

/** Every source file of the package (the generated module glue and worker bundles left out). */
function sources(dir = LIB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}${e.name}`;
    if (e.isDirectory()) return e.name === 'wasm' ? [] : sources(`${path}/`);
    return /\.(ts|mts|cts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** What `run` threw or rejected with; fails when it returned. */
async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** Runs `call` while no WebAssembly memory may grow (what a browser with no memory left does). */
async function withoutMemoryGrowth(call: () => unknown): Promise<unknown> {
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = () => {
    throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
  };
  try {
    return await thrown(call);
  } finally {
    WebAssembly.Memory.prototype.grow = grow;
  }
}

const TINY = 'type octile\nheight 4\nwidth 8\nmap\n........\n..@@....\n..@@....\n........\n';
// (6, 1) is walled in: a valid goal that no path reaches.
const ISLAND = 'type octile\nheight 4\nwidth 9\nmap\n.....@@@.\n.....@.@.\n.....@@@.\n.........\n';

let hp: Hpastar;
let pool: PathPool | undefined;

beforeAll(async () => {
  hp = await loadHpastar();
});

afterAll(async () => {
  await pool?.close();
});

/** The call that makes each quoted message (sync or async), by the quote's id. */
const producers: Record<string, () => unknown> = {
  'option-type': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    return hp.HPAStar.build(grid, { clusterSize: '8' as unknown as number });
  },
  'unknown-option': async () => {
    pool ??= await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4 } });
    return new Crowd({ pool, map: parseMovingAIMap(ISLAND, 'island.map'), sped: 3 } as never);
  },
  'crowd-any-angle': async () => {
    pool ??= await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4 } });
    return new Crowd({ pool, map: parseMovingAIMap(ISLAND, 'island.map'), pathShape: 'any-angle', flowFieldAgents: 8 });
  },
  'cell-not-integer': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    return planner.findPath({ x: 1.5, y: 0 }, { x: 7, y: 3 });
  },
  'option-range': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    return hp.HPAStar.build(grid, { clusterSize: 1 });
  },
  'edit-outside': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    return planner.applyEdits([{ x: 9, y: 0, terrain: '@' }]);
  },
  'agent-not-served': () => {
    using grid = hp.Grid.fromMovingAI(ISLAND, 'island.map');
    using planner = hp.Planner.build(grid, { hierarchy: { clusterSize: 4 } });
    return planner.findPath({ x: 0, y: 0 }, { x: 1, y: 0 }, { agent: { size: 2, capability: 'ground' } });
  },
  'memory-budget': () => {
    using grid = hp.Grid.fromTerrain(new Uint8Array(1024 * 1024).fill(46), 1024, 1024);
    return hp.HPAStar.build(grid, { memoryBudgetMiB: 1, cacheTrees: true });
  },
  'out-of-memory': async () => {
    // Its own module: the shared one keeps its heap as the other tests left it.
    const own = await loadHpastar({ wasmBinary: readFileSync(WASM) });
    return withoutMemoryGrowth(() => own.Grid.fromTerrain(new Uint8Array(4096 * 4096).fill(46), 4096, 4096)).then((error) => {
      throw error;
    });
  },
  'path-query-goal': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    return planner.findPath({ x: 0, y: 0 }, { x: 2, y: 1 });
  },
  'path-query-start': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    return planner.findPath({ x: -1, y: 0 }, { x: 7, y: 3 });
  },
  disposed: () => {
    const grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    grid.dispose();
    return grid.width;
  },
  'stale-plan': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4 });
    using query = planner.createQuery();
    const plan = query.plan({ x: 0, y: 0 }, { x: 7, y: 3 });
    planner.applyEdits([{ x: 5, y: 0, terrain: '@' }]);
    while (plan.nextSegment() !== null);
    return plan;
  },
  'map-file': () => hp.Grid.fromMovingAI('type octile\nheight 2\nwidth 2\nmap\n..\n.\n', 'bad.map'),
  'saved-bytes': () => hp.HPAStar.load(new Uint8Array([1, 2, 3, 4])),
  'saved-checksum': () => {
    using grid = hp.Grid.fromMovingAI(ISLAND, 'island.map');
    using planner = hp.Planner.build(grid, { hierarchy: { clusterSize: 4 } });
    const bytes = planner.serialize();
    bytes[bytes.length - 40]! ^= 0xff; // one byte changed after saving
    return hp.Planner.load(bytes);
  },
  'shpa-edits': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using shpa = hp.SHPAStar.build(grid);
    return shpa.applyEdits([{ x: 0, y: 0, terrain: '@' }]);
  },
  'any-angle-weighted': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    grid.setTerrainCosts({ '.': 2 });
    using planner = hp.HPAStar.build(grid);
    return planner.findPath({ x: 0, y: 0 }, { x: 7, y: 3 }, { pathShape: 'any-angle' });
  },
  'any-angle-cost-layer': () => {
    using world = hp.BlockWorld.generate({ kind: 'hills', size: { width: 16, height: 16, levels: 4 }, seed: 1 });
    world.setCellCost(0, 0, 0, 32);
    using planner = hp.WorldHPAStar.build(world);
    return planner.findPath({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { pathShape: 'any-angle' });
  },
  'not-ready': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    using planner = hp.HPAStar.build(grid, { clusterSize: 4, cacheTrees: false });
    return nodeTree(planner, { x: 0, y: 0 });
  },
  'pool-closed': async () => {
    const closing = await createPathPool({ map: parseMovingAIMap(TINY, 'tiny.map'), workers: 1, hierarchy: { clusterSize: 4 } });
    await closing.close();
    return closing.findPaths([[{ x: 0, y: 0 }, { x: 1, y: 0 }]]);
  },
  'budget-closed': async () => {
    const budget = await createWorkerBudget({ threads: 1 });
    await budget.close();
    return createPathPool({ map: parseMovingAIMap(TINY, 'tiny.map'), hierarchy: { clusterSize: 4 }, budget });
  },
  'module-stopped': async () => {
    // Its own module, stopped by an allocation nothing reserved: A*'s scratch for a 2048 x 2048 grid.
    const own = await loadHpastar({ wasmBinary: readFileSync(WASM) });
    const side = 2048;
    const large = own.Grid.fromTerrain(new Uint8Array(side * side).fill(46), side, side);
    const astar = new own.AStar();
    return withoutMemoryGrowth(() => astar.findPath(large, { x: 0, y: 0 }, { x: side - 1, y: side - 1 })).then((error) => {
      throw error;
    });
  },
  'module-cannot-start': () => loadHpastar({ wasmBinary: new Uint8Array(8) }),
  'crowd-cell': async () => {
    pool ??= await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4 } });
    const crowd = new Crowd({ pool, map: parseMovingAIMap(ISLAND, 'island.map') });
    return crowd.addAgent({ x: 5, y: 0 });
  },
  'build-cancelled': () => {
    using grid = hp.Grid.fromMovingAI(TINY, 'tiny.map');
    return hp.HPAStar.build(grid, { clusterSize: 4 }, { onProgress: () => false });
  },
  'lockstep-past-tick': async () => {
    await using steady = await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4, landmarks: 0 } });
    const lockstep = new LockstepCrowd({ pool: steady, map: parseMovingAIMap(ISLAND, 'island.map'), ticksPerSecond: 20 });
    await lockstep.tick();
    await lockstep.tick();
    return lockstep.order(1, { type: 'remove', id: 1 });
  },
  'lockstep-crowd-order': async () => {
    await using steady = await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4, landmarks: 0 } });
    return new LockstepCrowd({ pool: steady, map: parseMovingAIMap(ISLAND, 'island.map'), ticksPerSecond: 20 }).crowd.step(0.05);
  },
  'lockstep-landmarks': async () => {
    await using landmarked = await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4, landmarks: 2 } });
    return new LockstepCrowd({ pool: landmarked, map: parseMovingAIMap(ISLAND, 'island.map'), ticksPerSecond: 20 });
  },
  'crowd-pool-closed': async () => {
    const closing = await createPathPool({ map: parseMovingAIMap(ISLAND, 'island.map'), workers: 1, hierarchy: { clusterSize: 4 } });
    const crowd = new Crowd({ pool: closing, map: parseMovingAIMap(ISLAND, 'island.map') });
    await closing.close();
    return crowd.step(0.1);
  },
};

describe('docs/errors.md', () => {
  const quotes = quotedMessages();

  test('quotes messages, each with the call that makes it here', () => {
    expect(quotes.size).toBeGreaterThanOrEqual(20);
    expect([...quotes.keys()].sort()).toEqual(Object.keys(producers).sort());
  });

  test.each([...quotes.keys()])('quotes %s as the API writes it', async (id) => {
    const { text, figuresVary } = quotes.get(id)!;
    const error = await thrown(producers[id]!);
    expect(error).toBeInstanceOf(Error);
    // Heap figures differ between runs and machines: only the words are compared then.
    const shown = (s: string) => (figuresVary ? s.replace(/\d+(\.\d+)?/g, 'N') : s);
    expect(shown(String(error))).toBe(shown(text));
  }, 30_000);

  test('names every status kind of the core, in the table of kinds', () => {
    for (const kind of Object.keys(STATUS_KINDS)) expect(DOC).toMatch(new RegExp(`^\\| \`${kind}\` \\|`, 'm'));
  });

  test('names every path status', () => {
    for (const status of PATH_STATUS_NAMES) expect(DOC).toContain(`'${status}'`);
  });

  test('names every error class the entry points export, under a heading of its own', () => {
    const exported = [api, inspectApi, crowdApi].flatMap((m) => Object.values(m as Record<string, unknown>));
    // One class may be exported by two entry points (CrowdClosedError by hpastar and its crowd module).
    const classes = [...new Set(exported.filter((v): v is typeof Error => typeof v === 'function' && v.prototype instanceof Error))];
    expect(classes.map((c) => c.name).sort()).toEqual(['CrowdClosedError', 'OutOfMemoryError', 'PathQueryError']);
    for (const Class of classes) expect(DOC).toMatch(new RegExp(`^### ${Class.name}\\b`, 'm'));
  });

  test('names every class the package throws or declares as an error', () => {
    const thrownNames = new Set<string>();
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/throw new ([\w.]+)\(/g)) thrownNames.add(m[1]!);
      for (const m of text.matchAll(/class (\w+) extends (\w*Error)\b/g)) thrownNames.add(m[1]!);
    }
    // The package's own and JavaScript's: a new class thrown anywhere in web/lib must be documented.
    expect(thrownNames).toContain('StartError');
    for (const name of thrownNames) expect(DOC, `docs/errors.md does not name ${name}`).toContain(`\`${name}\``);
  });
});

describe('the same mistake, the same class', () => {
  // Planner.load puts "section i:" before what HPAStar.load said of a section: the class and the code
  // must stay what HPAStar.load chose (they were a plain Error without a code).
  test('damaged bytes: Planner.load refuses a section as HPAStar.load does, BadBytes', () => {
    using grid = hp.Grid.fromMovingAI(ISLAND, 'island.map');
    using planner = hp.Planner.build(grid, { hierarchy: { clusterSize: 4 } });
    const bytes = planner.serialize();
    bytes[bytes.length - 40]! ^= 0xff;
    const error = thrownSync(() => hp.Planner.load(bytes));
    expect(error.constructor).toBe(Error);
    expect(error.message).toMatch(/^Planner\.load: section 0: HPAStar\.load: /);
    expect(statusKindOf(error.code!)).toBe('BadBytes');
    expect(error.cause).toBeInstanceOf(Error);
  });

  test('a heap that cannot grow: Planner.load throws an OutOfMemoryError with its figures, as HPAStar.load does', async () => {
    const side = 2048;
    using grid = hp.Grid.fromTerrain(new Uint8Array(side * side).fill(46), side, side);
    using planner = hp.Planner.build(grid, { hierarchy: { clusterSize: 16, cacheTrees: false } });
    const bytes = planner.serialize(); // tens of MB: more than a new module's heap has free
    const own = await loadHpastar({ wasmBinary: readFileSync(WASM) });
    const viaPlanner = await withoutMemoryGrowth(() => own.Planner.load(bytes));
    const viaHpaStar = await withoutMemoryGrowth(() => own.HPAStar.load(planner.forAgent().serialize()));
    for (const error of [viaPlanner, viaHpaStar]) {
      expect(error).toBeInstanceOf(OutOfMemoryError);
      expect(statusKindOf((error as OutOfMemoryError).code)).toBe('OutOfMemory');
      expect((error as OutOfMemoryError).bytesNeeded).toBeGreaterThan(bytes.length / 2);
    }
    expect((viaPlanner as Error).message).toMatch(/^Planner\.load: section 0: HPAStar\.load: out of memory: /);
  }, 60_000);
});

/** What `run` threw, synchronously, with its code when it has one. */
function thrownSync(run: () => unknown): Error & { code?: number } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error & { code?: number };
  }
  throw new Error('expected the call to throw');
}
