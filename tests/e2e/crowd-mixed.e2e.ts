// Mixed units: 1,500 agents of three classes (1 x 1, 2 x 2 and 3 x 3 squares; two capabilities), a pool
// each, in one package Crowd on AR0011SR in headless Chromium (the demo, cross-origin isolated, its pools
// in shared mode), a wall painted with the mouse every second for 10 s.
// Recorded, not asserted (they depend on the machine): the main thread's work per frame (the crowd's
// step and the canvas's draw, the demo's frame figures), the frame rate, the longest any agent with a
// goal stood still (sampled every 100 ms) and the agents each wall made plan again. Asserted: what must
// hold whatever the machine (the agents arrive, every agent stands where its class's square fits at
// every sample, walls re-plan some agents and never all of them).
// Figures: test-results/e2e/crowd-mixed.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, useBrowserPerFile, openDemo, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const AGENTS = 1500;
const WALLS = 10;

const read = (p: Page) =>
  p.evaluate(() => {
    const d = window.__hpastarDemo;
    return { crowd: d.crowd!, frame: d.frame, paintMs: d.edits.longestHandlerMs, buildInfoMs: d.buildInfoMs, mapDraws: d.mapDraws };
  });

test('1,500 agents of three classes on AR0011SR, a wall every second: frame time, stuck agents, misplaced squares and re-plans per wall are recorded', async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, `?map=AR0011SR.map&algo=hpa2&mode=crowd&agents=${AGENTS}&units=mixed`);
  await page.waitForFunction((n) => window.__hpastarDemo.crowd?.running === true && window.__hpastarDemo.crowd.agents === n, AGENTS, { timeout: 60_000 });
  expect((await read(page)).crowd.poolMode).toBe('shared');
  // Every agent's first plan, then a second of walking before measuring.
  await page.waitForFunction((n) => window.__hpastarDemo.crowd!.totalPlans >= n, AGENTS, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.check('[data-testid=tool-rect]');
  await page.evaluate(() => window.__hpastarDemo.resetFrameStats());
  const start = await read(page);
  const replansPerWall: number[] = [];
  let longestStill = 0;
  let stuck = 0;
  let misplaced = 0;
  const stuckSample: string[] = [];
  // Walls of 6 x 3 cells at places spread over the map (a fixed list: the same run every time).
  const places = [[150, 150], [250, 200], [350, 260], [180, 330], [300, 120], [120, 240], [400, 400], [260, 340], [200, 90], [330, 200]] as const;
  for (let w = 0; w < WALLS; w++) {
    const [x, y] = places[w]!;
    const a = await page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx, cy), [x, y] as const);
    const b = await page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx, cy), [x + 5, y + 2] as const);
    const before = (await read(page)).crowd;
    await page.mouse.move(a.clientX, a.clientY);
    await page.mouse.down();
    await page.mouse.move(b.clientX, b.clientY, { steps: 3 });
    await page.mouse.up();
    // A second per wall, sampling the longest standstill every 100 ms.
    for (let t = 0; t < 10; t++) {
      await page.waitForTimeout(100);
      const now = (await read(page)).crowd;
      longestStill = Math.max(longestStill, now.longestStillSeconds);
      stuck = Math.max(stuck, now.stuck);
      misplaced = Math.max(misplaced, now.misplaced);
      if (stuckSample.length < 10) stuckSample.push(...now.stuckSample.slice(0, 10 - stuckSample.length));
    }
    const after = (await read(page)).crowd;
    replansPerWall.push(after.replans - before.replans);
  }
  const end = await read(page);
  const report = {
    map: 'AR0011SR.map',
    classes: end.crowd.classes,
    agents: end.crowd.agents,
    poolMode: end.crowd.poolMode,
    poolWorkers: end.crowd.poolWorkers,
    walls: WALLS,
    seconds: WALLS,
    // The main thread's work per frame: Crowd.step (via the demo's update) plus the canvas's draw.
    frameWorkMs: { mean: +end.frame.meanMs.toFixed(2), p95: +end.frame.p95Ms.toFixed(2), max: +end.frame.maxMs.toFixed(2), samples: end.frame.samples },
    // Frames per second from requestAnimationFrame's gaps over the last 60 frames (headless: not tied to a display).
    fps: +end.frame.fps.toFixed(1),
    // Over the whole measurement (the last 600 frames): frames per second, and the frames that came more
    // than 25 ms after the one before (a 60 Hz frame missed).
    windowFps: +end.frame.windowFps.toFixed(1),
    lateFrames: end.frame.lateFrames,
    // Frames that drew the map's layer again (a wall, the pointer leaving): the others drew only the agents' layer.
    mapDraws: end.mapDraws - start.mapDraws,
    // The longest time between two frames over the last 600 (the main thread busy elsewhere, or rAF held back).
    maxFrameGapMs: +end.frame.maxGapMs.toFixed(1),
    // Main-thread work outside the frames: the longest handling of a painted wall (the demo's own
    // planner updated, the crowd told), and the last refresh of the build figures after a stroke.
    longestPaintMs: +end.paintMs.toFixed(1),
    buildInfoMs: +end.buildInfoMs.toFixed(1),
    longestStillSeconds: +longestStill.toFixed(2),
    // Agents still for more than a second at one sample, at most, and what the first ones were doing.
    stuckAgents: stuck,
    // Agents standing where their square does not fit, at the worst sample (the crowd snaps them off new walls: 0).
    misplacedAgents: misplaced,
    stuckSample,
    replansPerWall,
    arrivals: end.crowd.arrivals - start.crowd.arrivals,
    plans: end.crowd.totalPlans - start.crowd.totalPlans,
    segments: end.crowd.totalSegments - start.crowd.totalSegments,
    lastUpdateMs: +end.crowd.lastUpdateMs.toFixed(1),
    refusedSteps: end.crowd.refusedSteps - start.crowd.refusedSteps,
  };
  writeFileSync(join(ARTIFACTS, 'crowd-mixed.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`mixed crowd on AR0011SR: ${JSON.stringify(report)}`);
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-mixed.png') });
  expect(report.agents).toBe(AGENTS);
  expect(report.classes).toEqual(['size 1 ground,swamp,trees', 'size 2 ground,swamp', 'size 3 ground,swamp']);
  expect(report.misplacedAgents).toBe(0);
  expect(report.arrivals).toBeGreaterThan(0);
  expect(replansPerWall.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  for (const n of replansPerWall) expect(n).toBeLessThan(AGENTS);
  // Walking agents redraw their own layer only: the map's is drawn again for the walls, not every frame.
  expect(report.mapDraws).toBeGreaterThanOrEqual(WALLS);
  expect(report.mapDraws).toBeLessThan(report.frameWorkMs.samples / 4);
});
