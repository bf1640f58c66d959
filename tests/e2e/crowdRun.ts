// The crowd measurement of the e2e tests: a demo page with a crowd, walls painted with the mouse at a fixed
// list of places, one a second, and the figures of the run (frame work, frame rate, standstills, agents
// off their square, re-plans per wall). Recorded, not asserted: each test asserts what must hold whatever
// the machine.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openDemo, type Browser } from './browser';

const read = (p: Page) =>
  p.evaluate(() => {
    const d = window.__hpastarDemo;
    return { crowd: d.crowd!, frame: d.frame, paintMs: d.edits.longestHandlerMs, buildInfoMs: d.buildInfoMs, mapDraws: d.mapDraws };
  });

/** What one crowd run measured. */
export type CrowdRun = Awaited<ReturnType<typeof measureCrowd>>;

/**
 * Opens `query` (a crowd of `agents`) in a new page of `browser`, waits for every agent's first plan and a
 * second of walking, then paints a 6 x 3 wall at each of `places`, a second apart.
 */
export async function measureCrowd(browser: Browser, baseUrl: string, query: string, agents: number, map: string, places: readonly (readonly [number, number])[]) {
  const page = await browser.page();
  await openDemo(page, baseUrl, query);
  await page.waitForFunction((n) => window.__hpastarDemo.crowd?.running === true && window.__hpastarDemo.crowd.agents === n, agents, { timeout: 60_000 });
  expect((await read(page)).crowd.poolMode).toBe('shared');
  // Every agent's first plan, then a second of walking before measuring.
  await page.waitForFunction((n) => window.__hpastarDemo.crowd!.totalPlans >= n, agents, { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await page.check('[data-testid=tool-rect]');
  await page.evaluate(() => window.__hpastarDemo.resetFrameStats());
  const start = await read(page);
  const replansPerWall: number[] = [];
  let longestStill = 0;
  let stuck = 0;
  let misplaced = 0;
  let overlapping = 0;
  const stuckSample: string[] = [];
  for (const [x, y] of places) {
    const a = await page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx, cy), [x, y] as const);
    const b = await page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx, cy), [x + 5, y + 2] as const);
    const before = (await read(page)).crowd;
    await page.mouse.move(a.clientX, a.clientY);
    await page.mouse.down();
    await page.mouse.move(b.clientX, b.clientY, { steps: 3 });
    await page.mouse.up();
    // A second per wall, sampling the longest standstill and the agents off their square every 100 ms.
    for (let t = 0; t < 10; t++) {
      await page.waitForTimeout(100);
      const now = (await read(page)).crowd;
      longestStill = Math.max(longestStill, now.longestStillSeconds);
      stuck = Math.max(stuck, now.stuck);
      misplaced = Math.max(misplaced, now.misplaced);
      overlapping = Math.max(overlapping, now.overlapping);
      if (stuckSample.length < 10) stuckSample.push(...now.stuckSample.slice(0, 10 - stuckSample.length));
    }
    const after = (await read(page)).crowd;
    replansPerWall.push(after.replans - before.replans);
  }
  const end = await read(page);
  const report = {
    map,
    classes: end.crowd.classes,
    agents: end.crowd.agents,
    poolMode: end.crowd.poolMode,
    poolWorkers: end.crowd.poolWorkers,
    walls: places.length,
    seconds: places.length,
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
    stuckSample,
    // Agents standing where their square does not fit, at the worst sample (the crowd snaps them off new walls: 0).
    misplacedAgents: misplaced,
    // With avoidance: agents flagged passing through another at the worst sample, and passes over the run.
    avoidance: end.crowd.avoidance,
    overlappingAgents: overlapping,
    passes: end.crowd.passes - start.crowd.passes,
    replansPerWall,
    arrivals: end.crowd.arrivals - start.crowd.arrivals,
    plans: end.crowd.totalPlans - start.crowd.totalPlans,
    segments: end.crowd.totalSegments - start.crowd.totalSegments,
    lastUpdateMs: +end.crowd.lastUpdateMs.toFixed(1),
    refusedSteps: end.crowd.refusedSteps - start.crowd.refusedSteps,
  };
  return { page, report };
}
