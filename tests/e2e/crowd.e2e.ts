// Crowds in headless Chromium: the page is cross-origin isolated, the worker pool runs in shared mode
// and does every search (plans and segments), 1000 agents walk on a 512 × 512 map; painting walls
// makes agents re-plan through the pool. The main thread's frame time is measured and printed (not
// asserted: it depends on the machine) while the 1000 agents make their first plans, while they walk,
// and while they re-plan after a wall.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, useBrowserPerFile, openDemo, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

const crowd = (p: Page) => p.evaluate(() => ({ crowd: window.__hpastarDemo.crowd!, frame: window.__hpastarDemo.frame, coi: window.__hpastarDemo.crossOriginIsolated }));

test('1000 agents on a 512 × 512 map, plans and searches in the shared-mode pool; walls make agents re-plan', async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?map=8room_000.map&algo=hpa2&mode=crowd&agents=1000');
  await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === true && window.__hpastarDemo.crowd.agents === 1000, null, { timeout: 60_000 });
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  const started = await crowd(page);
  expect(started.coi).toBe(true);
  expect(started.crowd.poolMode).toBe('shared');
  expect(await page.textContent('[data-testid=c-pool]')).toMatch(/^shared/);

  // Warm up (every agent's first plan: the demo reset the frame figures when the crowd started), then
  // measure 5 seconds.
  const startedAt = Date.now();
  await page.waitForFunction(() => window.__hpastarDemo.crowd!.totalPlans >= 1000, null, { timeout: 30_000 });
  const planned = await crowd(page);
  const firstPlansMs = Date.now() - startedAt;
  await page.waitForTimeout(1000);
  await page.evaluate(() => window.__hpastarDemo.resetFrameStats());
  const before = await crowd(page);
  await page.waitForTimeout(5000);
  const measured = await crowd(page);
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-1000.png') });
  expect(measured.crowd.totalPoolSearches).toBeGreaterThan(before.crowd.totalPoolSearches);
  // Agents that arrive plan again, in the pool: plans go on after the first 1000.
  expect(measured.crowd.totalPlans).toBeGreaterThan(before.crowd.totalPlans);
  expect(measured.crowd.totalSegments).toBeGreaterThan(before.crowd.totalSegments);
  expect(measured.crowd.arrivals).toBeGreaterThan(0);
  expect(measured.crowd.walking).toBeGreaterThan(500);
  expect(measured.frame.samples).toBeGreaterThan(50);
  const frameFigures = (f: typeof measured.frame) => ({
    frames: f.samples,
    fps: +f.fps.toFixed(1),
    mainThreadFrameMs: { mean: +f.meanMs.toFixed(2), p95: +f.p95Ms.toFixed(2), max: +f.maxMs.toFixed(2) },
  });
  const report: Record<string, unknown> = {
    map: '8room_000.map (512 × 512)',
    agents: measured.crowd.agents,
    poolMode: measured.crowd.poolMode,
    poolWorkers: measured.crowd.poolWorkers,
    frames: measured.frame.samples,
    fps: +measured.frame.fps.toFixed(1),
    mainThreadFrameMs: { mean: +measured.frame.meanMs.toFixed(2), p95: +measured.frame.p95Ms.toFixed(2), max: +measured.frame.maxMs.toFixed(2) },
    searchesPerSecond: measured.crowd.searchesPerSecond,
    plansPerSecond: measured.crowd.plansPerSecond,
    segmentsPerSecond: measured.crowd.segmentsPerSecond,
    poolBusy: +measured.crowd.poolBusy.toFixed(2),
    // Over the 5 s measured: why agents planned (arrived at their goal, or their route was blocked).
    arrivals: measured.crowd.arrivals - before.crowd.arrivals,
    replans: measured.crowd.replans - before.crowd.replans,
    plans: measured.crowd.totalPlans - before.crowd.totalPlans,
  };
  report['firstPlans'] = { ms: firstPlansMs, plans: planned.crowd.totalPlans, ...frameFigures(planned.frame) };

  // A wall across the whole map: the agents whose refined cells it blocks plan again.
  await page.check('[data-testid=tool-rect]');
  await page.evaluate(() => window.__hpastarDemo.resetFrameStats());
  const a = await page.evaluate(() => window.__hpastarDemo.cellToClient(0, 250));
  const b = await page.evaluate(() => window.__hpastarDemo.cellToClient(511, 253));
  await page.mouse.move(a.clientX, a.clientY);
  await page.mouse.down();
  await page.mouse.move(b.clientX, b.clientY, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(1500);
  const walled = await crowd(page);
  report['afterWall'] = { replans: walled.crowd.replans - measured.crowd.replans, ...frameFigures(walled.frame) };
  writeFileSync(join(ARTIFACTS, 'crowd-frame-time.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`crowd frame time: ${JSON.stringify(report)}`);
  expect(walled.crowd.replans).toBeGreaterThan(before.crowd.replans);
  expect(walled.crowd.totalPlans).toBeGreaterThan(measured.crowd.totalPlans);
  expect(walled.crowd.lastUpdateMs).toBeGreaterThan(0);
  await page.screenshot({ path: join(ARTIFACTS, 'crowd-walled.png') });
  // Fewer agents, then stop: the pool closes cleanly.
  await page.fill('[data-testid=agents]', '200');
  await page.dispatchEvent('[data-testid=agents]', 'input');
  await page.waitForFunction(() => window.__hpastarDemo.crowd!.agents === 200);
  await page.click('[data-testid=crowd-toggle]');
  await page.waitForFunction(() => window.__hpastarDemo.crowd!.running === false);
});
