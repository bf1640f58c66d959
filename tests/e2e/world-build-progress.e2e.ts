// The Worlds page's progress bar for its world's hierarchy build: the build runs in a worker
// (worldBuildWorker.ts), whose reports reach the page; the bar shows once the build has taken 100 ms, with
// a value below 1 and the phase, and is hidden again once the page has loaded the hierarchy. A 256 × 256
// × 16 world's build takes several hundred milliseconds, so the bar shows on any machine.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page | undefined;

useBrowserPerFile((b) => (browser = b), () => page);

test('a 256 × 256 × 16 world: the worker reports every phase of its build, the bar shows them and hides at the end', { timeout: 120_000 }, async () => {
  page = await browser.page();
  // Samples the bar every 5 ms from the first script on (the build runs in a worker: the page is free).
  await page.addInitScript(() => {
    const samples: { value: number; phase: string }[] = [];
    (window as unknown as { barSamples: typeof samples }).barSamples = samples;
    setInterval(() => {
      const row = document.getElementById('world-build-progress-row');
      if (!row || getComputedStyle(row).display === 'none') return;
      const bar = document.getElementById('world-build-progress') as HTMLProgressElement;
      samples.push({ value: bar.value, phase: document.getElementById('world-build-progress-phase')!.textContent ?? '' });
    }, 5);
  });
  await page.goto(new URL('world.html?kind=caves&size=256x256x16&seed=1', baseUrl).href);
  await page.waitForFunction(() => window.__hpastarWorld?.ready === true && window.__hpastarWorld.state().width === 256, null, { timeout: 120_000 });
  expect(await page.isHidden('#world-build-progress-row')).toBe(true);
  const build = await page.evaluate(() => window.__hpastarWorld!.worldBuild());
  const samples = await page.evaluate(() => (window as unknown as { barSamples: { value: number; phase: string }[] }).barSamples);
  console.log(`world hierarchy build in a worker: ${JSON.stringify(build)}; bar samples: ${samples.length}`);
  expect(build.inWorker).toBe(true);
  expect(build.reports).toBeGreaterThanOrEqual(10);
  expect(build.phases.slice(0, 2)).toEqual(['entrances', 'clusters']);
  expect(build.late).toBeGreaterThan(0);
  expect(build.shown).toBe(true);
  expect(samples.length).toBeGreaterThan(0);
  for (const s of samples) {
    expect(s.value).toBeGreaterThanOrEqual(0);
    expect(s.value).toBeLessThan(1);
    expect(s.phase).toMatch(/^(entrances|clusters|levels|components|landmarks|distance table) \d{1,2}%$/);
  }
  // The hierarchy the page loaded answers queries: the page's own query has a path or says why not.
  const state = await page.evaluate(() => window.__hpastarWorld!.state());
  expect(state.busy).toBe(false);
});
