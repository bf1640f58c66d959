// Progress of long builds, for loading screens: HPAStar.build and Planner.build tell onProgress the phase
// and the share done (never going back, 1 once at the end); returning false cancels with an AbortError,
// an exception thrown by the listener cancels and comes back out; a pool's start reports the build in
// its worker, then the other workers loading, and its signal ends the workers; a 2048² map's build reports
// at least 10 times, in Node and in a pool (issue 40 item 2).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPathPool, loadHpastar, type BuildProgress, type Grid, type Hpastar } from '../../web/lib/index';
import { BUILD_PHASES } from '../../web/lib/generated/contract';
import { readMapsFile } from './scenarios';

const MAP = 'den520d.map';
// The core's phases, in order (contract/Progress.h, through the generated contract).
const PHASES: readonly string[] = BUILD_PHASES;

let hp: Hpastar;
let grid: Grid;

beforeAll(async () => {
  hp = await loadHpastar();
  grid = hp.Grid.fromMovingAI(readMapsFile(MAP), MAP);
});

afterAll(() => grid.dispose());

/** Fails unless the reports come in phase order, the share never goes back, and 1 comes once, last. */
function expectOrderly(heard: BuildProgress[], phases: readonly string[]): void {
  expect(heard.length).toBeGreaterThan(10);
  let phase = 0;
  heard.forEach((p, i) => {
    while (phase < phases.length && phases[phase] !== p.phase) phase++;
    expect(phase, `report ${i}: phase ${p.phase} out of order`).toBeLessThan(phases.length);
    if (i > 0) expect(p.done).toBeGreaterThanOrEqual(heard[i - 1]!.done);
    expect(Object.isFrozen(p)).toBe(true);
  });
  expect(heard.at(-1)!.done).toBe(1);
  expect(heard.filter((p) => p.done === 1)).toHaveLength(1);
}

describe('HPAStar.build', () => {
  test('tells onProgress every phase in order, the share never going back, 1 once at the end; the planner is the one built without it', () => {
    const heard: BuildProgress[] = [];
    const options = { terrainChanges: 'rarely' } as const;
    using planner = hp.HPAStar.build(grid, options, { onProgress: (p) => void heard.push(p) });
    expectOrderly(heard, PHASES);
    expect(heard.some((p) => p.phase === 'clusters')).toBe(true);
    using silent = hp.HPAStar.build(grid, options);
    expect(Array.from(planner.serialize())).toEqual(Array.from(silent.serialize()));
  });

  test('onProgress returning false cancels: an AbortError, and the module goes on working', () => {
    let calls = 0;
    let afterCancel = 0;
    const build = () =>
      hp.HPAStar.build(grid, {}, {
        onProgress: (p) => {
          calls++;
          if (p.phase === 'components') afterCancel++;
          return p.phase !== 'clusters';
        },
      });
    expect(build).toThrow(expect.objectContaining({ name: 'AbortError', message: 'HPAStar.build: cancelled by onProgress' }));
    expect(calls).toBeGreaterThan(0);
    expect(afterCancel).toBe(0);
    using planner = hp.HPAStar.build(grid, { clusterSize: 16 });
    expect(planner.stats.levels[0]!.nodes).toBeGreaterThan(0);
  });

  test("the listener's exception cancels the build and is thrown again", () => {
    const mine = new Error('the loading screen is gone');
    expect(() => hp.HPAStar.build(grid, {}, { onProgress: () => { throw mine; } })).toThrow(mine);
  });

  test('a bad control is a TypeError naming it', () => {
    expect(() => hp.HPAStar.build(grid, {}, { onProgress: 3 } as never)).toThrow(new TypeError('HPAStar.build: onProgress must be a function, got 3'));
    expect(() => hp.HPAStar.build(grid, {}, { onProgres: () => {} } as never)).toThrow(new TypeError('HPAStar.build: unknown build control "onProgres" (known: onProgress)'));
  });
});

test('Planner.build of two agent classes: one progress from 0 to 1 over both classes', () => {
  const heard: BuildProgress[] = [];
  const agents = [{ size: 1, capability: 'ground,swamp' }, { size: 2, capability: 'ground' }];
  using planner = hp.Planner.build(grid, { agents, hierarchy: { clusterSize: 16 }, onProgress: (p) => void heard.push(p) });
  expect(planner.agents).toHaveLength(2);
  expect(heard.at(-1)!.done).toBe(1);
  heard.forEach((p, i) => i > 0 && expect(p.done).toBeGreaterThanOrEqual(heard[i - 1]!.done));
  // Each class's build restarts the phases: 'entrances' is heard twice, the second time past halfway.
  const entrances = heard.filter((p) => p.phase === 'entrances');
  expect(entrances.length).toBeGreaterThanOrEqual(2);
  expect(entrances.at(-1)!.done).toBeGreaterThanOrEqual(0.5);
});

describe.each(['copied', 'shared'] as const)('a pool in %s mode', (mode) => {
  test('onProgress hears the worker build it, then the others load it, and 1 once the pool is ready', { timeout: 60_000 }, async () => {
    const heard: BuildProgress[] = [];
    await using pool = await createPathPool({ grid, workers: 2, mode, hierarchy: { terrainChanges: 'rarely' }, onProgress: (p) => void heard.push(p) });
    expectOrderly(heard, mode === 'copied' ? [...PHASES, 'load'] : PHASES.concat('load'));
    expect(heard.at(-1)!.phase).toBe('load');
    if (mode === 'copied') expect(heard.some((p) => p.phase === 'load' && p.done < 1)).toBe(true);
    expect((await pool.findPaths(new Int32Array([10, 10, 200, 200]))).count).toBe(1);
  });

  test('its signal cancels the start: the promise rejects with the reason, nothing is heard after', { timeout: 60_000 }, async () => {
    const controller = new AbortController();
    const reason = new Error('the player left the loading screen');
    let heardAfter = 0;
    const starting = createPathPool({
      grid,
      workers: 2,
      mode,
      hierarchy: { terrainChanges: 'rarely' },
      signal: controller.signal,
      onProgress: (p) => {
        if (controller.signal.aborted) heardAfter++;
        if (p.phase === 'clusters') controller.abort(reason);
      },
    });
    await expect(starting).rejects.toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardAfter).toBe(0);
  });
});

test('an aborted signal and a bad onProgress are refused before any worker starts', async () => {
  await expect(createPathPool({ grid, signal: AbortSignal.abort(new Error('no')) })).rejects.toThrow('no');
  await expect(createPathPool({ grid, onProgress: 'x' as never })).rejects.toThrow(new TypeError('createPathPool: onProgress must be a function, got "x"'));
});

describe('a 2048 x 2048 map (8room_000 tiled 4 x 4)', () => {
  let large: Grid;
  beforeAll(() => {
    const rows = readMapsFile('8room_000.map').split('\n').filter((line) => /^[.@TSW]+$/.test(line));
    const tiled = Array.from({ length: rows.length * 4 }, (_, y) => rows[y % rows.length]!.repeat(4));
    large = hp.Grid.fromMovingAI(`type octile\nheight ${tiled.length}\nwidth ${tiled[0]!.length}\nmap\n${tiled.join('\n')}\n`, 'rooms2048.map');
  });
  afterAll(() => large.dispose());

  test('HPAStar.build reports at least 10 times, in order', { timeout: 120_000 }, () => {
    expect([large.width, large.height]).toEqual([2048, 2048]);
    const heard: BuildProgress[] = [];
    const started = performance.now();
    using planner = hp.HPAStar.build(large, {}, { onProgress: (p) => void heard.push(p) });
    console.log(`HPAStar.build of 2048²: ${heard.length} reports in ${(performance.now() - started).toFixed(0)} ms`);
    expectOrderly(heard, PHASES);
    expect(planner.stats.levels[0]!.nodes).toBeGreaterThan(0);
  });

  test('a pool reports its worker build at least 10 times, in order, then 1 once ready', { timeout: 120_000 }, async () => {
    const heard: BuildProgress[] = [];
    await using pool = await createPathPool({ grid: large, workers: 2, mode: 'copied', onProgress: (p) => void heard.push(p) });
    expectOrderly(heard, [...PHASES, 'load']);
    expect(heard.filter((p) => p.phase !== 'load').length).toBeGreaterThanOrEqual(10);
    expect(pool.workers).toBe(2);
  });
});
