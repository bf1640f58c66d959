// Progress of a block world's build, as HPAStar.build's: WorldHPAStar.build tells onProgress the phases
// in order and the share done (never going back, 1 once at the end); returning false cancels with an
// AbortError and keeps nothing (the module's heap does not grow over many cancelled builds); a world
// pool reports its first worker's build and its signal ends the start.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorldPool, loadHpastar, type BlockWorld, type BuildProgress, type Hpastar, type WorldGenerateOptions } from '../../web/lib/index';
import { BUILD_PHASES } from '../../web/lib/generated/contract';

// About a second's build in wasm: large enough for many reports, small enough for the pool tests.
const GENERATE: WorldGenerateOptions = { kind: 'caves', size: { width: 192, height: 192, levels: 24 }, seed: 7 };
const HIERARCHY = { landmarks: 8, distanceTable: true } as const;
// The core's phases, in order (contract/Progress.h, through the generated contract).
const PHASES: readonly string[] = BUILD_PHASES;

let hp: Hpastar;
let world: BlockWorld;

beforeAll(async () => {
  hp = await loadHpastar();
  world = hp.BlockWorld.generate(GENERATE);
});

afterAll(() => world.dispose());

/** Fails unless there are at least 10 reports, in phase order, the share never going back, and 1 comes once, last. */
function expectOrderly(heard: readonly BuildProgress[], phases: readonly string[]): void {
  expect(heard.length).toBeGreaterThanOrEqual(10);
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

/** Counts the module's heap growths until the returned function restores WebAssembly.Memory.grow and answers the count. */
function countGrowth(): () => number {
  const grow = WebAssembly.Memory.prototype.grow;
  let count = 0;
  WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number) {
    count++;
    return grow.call(this, delta);
  };
  return () => {
    WebAssembly.Memory.prototype.grow = grow;
    return count;
  };
}

describe('WorldHPAStar.build', () => {
  test('tells onProgress every phase in order, at least 10 times, 1 once at the end; the planner is the one built without it', () => {
    const heard: BuildProgress[] = [];
    const started = performance.now();
    using planner = hp.WorldHPAStar.build(world, HIERARCHY, { onProgress: (p) => void heard.push(p) });
    const ms = performance.now() - started;
    expectOrderly(heard, PHASES);
    for (const phase of ['entrances', 'clusters', 'levels', 'landmarks', 'distance table']) expect(heard.some((p) => p.phase === phase), phase).toBe(true);
    console.log(`WorldHPAStar.build of caves ${GENERATE.size.width}x${GENERATE.size.height}x${GENERATE.size.levels}: ${heard.length} reports in ${ms.toFixed(0)} ms`);
    using silent = hp.WorldHPAStar.build(world, HIERARCHY);
    expect(Array.from(planner.serialize())).toEqual(Array.from(silent.serialize()));
  });

  test('onProgress returning false cancels with an AbortError; nothing is heard after, and many cancelled builds leave the heap as it was', () => {
    // One full build first, so that the heap has room for one build and its reservations.
    hp.WorldHPAStar.build(world, HIERARCHY).dispose();
    const growths = countGrowth();
    try {
      // Cancelled late, the whole hierarchy built: were it kept, 8 of them would not fit where one did.
      for (let i = 0; i < 8; i++) {
        let after = 0;
        let stopped = false;
        const build = () =>
          hp.WorldHPAStar.build(world, HIERARCHY, {
            onProgress: (p) => {
              if (stopped) after++;
              stopped = p.phase === 'distance table';
              return !stopped;
            },
          });
        expect(build).toThrow(expect.objectContaining({ name: 'AbortError', message: 'WorldHPAStar.build: cancelled by onProgress' }));
        expect(after).toBe(0);
      }
    } finally {
      expect(growths()).toBe(0);
    }
    using planner = hp.WorldHPAStar.build(world, { levels: 1 });
    expect(planner.stats.levels[0]!.nodes).toBeGreaterThan(0);
  });

  test("the listener's exception cancels the build and is thrown again; a bad control is a TypeError naming it", () => {
    const mine = new Error('the loading screen is gone');
    expect(() => hp.WorldHPAStar.build(world, {}, { onProgress: () => { throw mine; } })).toThrow(mine);
    expect(() => hp.WorldHPAStar.build(world, {}, { onProgress: 3 } as never)).toThrow(new TypeError('WorldHPAStar.build: onProgress must be a function, got 3'));
  });
});

describe('Planner.build of a block world', () => {
  test("passes onProgress to the world's build: every phase in order, 1 once at the end; the planner is the one built without it", () => {
    const heard: BuildProgress[] = [];
    using planner = hp.Planner.build(world, { hierarchy: HIERARCHY, onProgress: (p) => void heard.push(p) });
    expectOrderly(heard, PHASES);
    for (const phase of ['entrances', 'clusters', 'landmarks', 'distance table']) expect(heard.some((p) => p.phase === phase), phase).toBe(true);
    using silent = hp.WorldHPAStar.build(world, HIERARCHY);
    expect(Array.from(planner.serialize())).toEqual(Array.from(silent.serialize()));
  });

  test('onProgress returning false cancels with an AbortError naming Planner.build; a bad listener is a TypeError naming it', () => {
    const cancel = () => hp.Planner.build(world, { hierarchy: HIERARCHY, onProgress: (p) => p.phase !== 'clusters' });
    expect(cancel).toThrow(expect.objectContaining({ name: 'AbortError', message: 'Planner.build: cancelled by onProgress' }));
    const mine = new Error('the loading screen is gone');
    expect(() => hp.Planner.build(world, { onProgress: () => { throw mine; } })).toThrow(mine);
    expect(() => hp.Planner.build(world, { onProgress: 3 } as never)).toThrow(new TypeError('Planner.build: onProgress must be a function, got 3'));
  });
});

describe.each(['copied', 'shared'] as const)('a world pool in %s mode', (mode) => {
  test('onProgress hears the first worker build, at least 10 times, and 1 once the pool is ready', { timeout: 120_000 }, async () => {
    const heard: BuildProgress[] = [];
    await using pool = await createWorldPool({ generate: GENERATE, hierarchy: HIERARCHY, workers: 2, mode, onProgress: (p) => void heard.push(p) });
    expectOrderly(heard, [...PHASES, 'load']);
    expect(heard.filter((p) => p.phase === 'clusters').length).toBeGreaterThan(3);
    expect(heard.at(-1)!.phase).toBe('load');
    expect(await pool.isReachable({ x: 1, y: 1, z: 1 }, { x: 1, y: 1, z: 1 })).toBeTypeOf('boolean');
  });

  test('its signal cancels the start during the build: the promise rejects with the reason, nothing is heard after', { timeout: 120_000 }, async () => {
    const controller = new AbortController();
    const reason = new Error('the player left the loading screen');
    let heardAfter = 0;
    const starting = createWorldPool({
      generate: GENERATE,
      hierarchy: HIERARCHY,
      workers: 2,
      mode,
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
