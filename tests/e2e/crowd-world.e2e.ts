// A crowd of 500 agents on a generated 256 × 256 × 16 block world (world.html?agents=500), in headless
// Chromium: the agents walk on every floor, planned in the worker pool, while blocks are built on walking
// agents and dug beside others every second. Every step an agent takes is checked against the world rules
// oracle (tests/web/helpers/worldRules.ts, written apart from the core) on the world as it was when the
// step was taken: the page's first floors with the test's changes applied in order. The main thread's
// work per frame and the frame rate are measured and printed (not asserted: they depend on the machine),
// with a screenshot: test-results/e2e/crowd-world.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { AIR, SOLID, WorldBlocks } from '../web/helpers/worldRules';
import { ARTIFACTS, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const W = 256, H = 256, L = 16;

/** The page's world now, as the oracle reads it. */
async function floorsOf(p: Page): Promise<Uint8Array[]> {
  const floors = await p.evaluate(() => Array.from({ length: window.__hpastarWorld!.state().levels }, (_, z) => window.__hpastarWorld!.blocks(z)));
  return floors.map((f) => Uint8Array.from(f));
}

test('500 agents on a 256 × 256 × 16 world walk legal moves on every floor while blocks are built and dug', async () => {
  page = await browser.page();
  await page.goto(new URL('world.html?kind=caves&size=256x256x16&seed=1&agents=500', baseUrl).href);
  await page.waitForFunction(() => window.__hpastarWorld?.ready === true && window.__hpastarWorld.crowd()?.agents === 500, null, { timeout: 120_000 });
  expect(await page.evaluate(() => [window.__hpastarWorld!.state().width, window.__hpastarWorld!.state().height, window.__hpastarWorld!.state().levels])).toEqual([W, H, L]);
  // Warm up: every agent's first plan.
  await page.waitForFunction(() => window.__hpastarWorld!.crowd()!.plans >= 500, null, { timeout: 60_000 });
  await page.waitForTimeout(1000);

  const floors = await floorsOf(page);
  const firstVersion = await page.evaluate(() => window.__hpastarWorld!.worldVersion());
  await page.evaluate(() => {
    window.__hpastarWorld!.startTrace();
    window.__hpastarWorld!.resetFrames();
  });
  const before = (await page.evaluate(() => window.__hpastarWorld!.crowd()))!;
  // Six seconds; each second a solid block on three walking agents (they are snapped off it) and the
  // solid block beside two others dug away (new ways open).
  const changes: { version: number; x: number; y: number; z: number; code: number }[] = [];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let second = 0; second < 6; second++) {
    await page.waitForTimeout(1000);
    const cells = await page.evaluate(() => window.__hpastarWorld!.agentCells());
    const walking: [number, number, number][] = [];
    for (let i = 0; i < cells.length; i += 4) if (cells[i + 3] === 1) walking.push([cells[i]!, cells[i + 1]!, cells[i + 2]!]);
    expect(walking.length).toBeGreaterThan(100);
    for (let k = 0; k < 5; k++) {
      const [x, y, z] = walking[Math.floor(random() * walking.length)]!;
      const build = k < 3;
      const [cx, cy] = build ? [x, y] : [Math.min(W - 1, x + 1), y];
      const problem = await page.evaluate(([a, b, c, block]) => window.__hpastarWorld!.change(a as number, b as number, c as number, block as 'solid' | 'air'), [cx, cy, z, build ? 'solid' : 'air'] as const);
      if (problem) continue; // dug where there was air already: nothing changed
      changes.push({ version: await page.evaluate(() => window.__hpastarWorld!.worldVersion()), x: cx, y: cy, z, code: build ? SOLID : AIR });
    }
  }
  const trace = await page.evaluate(() => window.__hpastarWorld!.takeTrace());
  const frames = await page.evaluate(() => window.__hpastarWorld!.frames());
  const after = (await page.evaluate(() => window.__hpastarWorld!.crowd()))!;
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-world.png') });

  // Every step, on the world of its moment.
  expect(changes.length).toBeGreaterThan(15);
  let version = firstVersion, next = 0, levelSteps = 0;
  let rules = new WorldBlocks(W, H, L, floors);
  for (let i = 0; i < trace.length; i += 8) {
    const [id, fx, fy, fz, tx, ty, tz, v] = trace.slice(i, i + 8) as [number, number, number, number, number, number, number, number];
    while (version < v) {
      const c = changes[next++]!;
      expect(c.version).toBe(version + 1);
      floors[c.z]![c.y * W + c.x] = c.code;
      version = c.version;
      rules = new WorldBlocks(W, H, L, floors);
    }
    expect(rules.moveCost([fx, fy, fz], [tx, ty, tz]), `agent ${id}: (${fx}, ${fy}, ${fz}) to (${tx}, ${ty}, ${tz}) on world version ${v}`).not.toBeNull();
    if (fz !== tz) levelSteps++;
  }
  expect(trace.length / 8).toBeGreaterThan(5000);
  expect(levelSteps).toBeGreaterThan(0);
  expect(after.snaps).toBeGreaterThan(before.snaps);
  expect(after.arrivals).toBeGreaterThan(before.arrivals);
  expect(after.agents).toBe(500);
  expect(frames.samples).toBeGreaterThan(60);
  expect(browser.errors).toEqual([]);

  const report = {
    world: 'caves 256 × 256 × 16, seed 1',
    agents: after.agents,
    pool: `${after.poolMode}, ${after.poolWorkers} workers`,
    seconds: 6,
    blockChanges: changes.length,
    stepsChecked: trace.length / 8,
    stepsChangingFloor: levelSteps,
    arrivals: after.arrivals - before.arrivals,
    snaps: after.snaps - before.snaps,
    replans: after.replans - before.replans,
    refusedSteps: after.refusedSteps - before.refusedSteps,
    longestStillSeconds: +after.longestStillSeconds.toFixed(2),
    frames: frames.samples,
    fps: +frames.fps.toFixed(1),
    mainThreadFrameMs: { mean: +frames.meanMs.toFixed(2), p95: +frames.p95Ms.toFixed(2), max: +frames.maxMs.toFixed(2) },
  };
  writeFileSync(join(ARTIFACTS, 'crowd-world.json'), JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report));
});
