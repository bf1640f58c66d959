// The Worlds page's progress bar for its crowd's pool build (createWorldPool builds the block world's
// hierarchy in the workers): the workers' progress reaches the page through the pool's onProgress, the
// bar shows once the build has taken 100 ms, with a value below 1 and the phase, and is hidden again once
// the crowd runs. Whether the bar shows depends on the machine's speed; what is asserted holds either way:
// the page saw the bar exactly when the page says a report came late enough to show it.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page | undefined;

useBrowserPerFile((b) => (browser = b), () => page);

test('a 256 × 256 × 16 world: the workers report every phase of their build, the bar shows them and hides at the end', { timeout: 120_000 }, async () => {
  page = await browser.page();
  // Samples the bar every 5 ms from the first script on (the build runs in workers: the page is free).
  await page.addInitScript(() => {
    const samples: { value: number; phase: string }[] = [];
    (window as unknown as { barSamples: typeof samples }).barSamples = samples;
    setInterval(() => {
      const row = document.getElementById('world-crowd-progress-row');
      if (!row || getComputedStyle(row).display === 'none') return;
      const bar = document.getElementById('world-crowd-progress') as HTMLProgressElement;
      samples.push({ value: bar.value, phase: document.getElementById('world-crowd-progress-phase')!.textContent ?? '' });
    }, 5);
  });
  await page.goto(new URL('world.html?kind=caves&size=256x256x16&seed=1&agents=50', baseUrl).href);
  await page.waitForFunction(() => window.__hpastarWorld?.ready === true && window.__hpastarWorld.crowd()?.agents === 50, null, { timeout: 120_000 });
  await page.waitForSelector('#world-crowd-progress-row', { state: 'hidden', timeout: 60_000 });
  const build = await page.evaluate(() => window.__hpastarWorld!.crowdBuild());
  const samples = await page.evaluate(() => (window as unknown as { barSamples: { value: number; phase: string }[] }).barSamples);
  console.log(`world crowd pool build: ${JSON.stringify(build)}; bar samples: ${samples.length}`);
  expect(build.reports).toBeGreaterThanOrEqual(10);
  expect(build.phases.slice(0, 2)).toEqual(['entrances', 'clusters']);
  expect(build.phases).toContain('landmarks');
  expect(build.shown).toBe(build.late > 0);
  if (build.late > 0) {
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      expect(s.value).toBeGreaterThanOrEqual(0);
      expect(s.value).toBeLessThan(1);
      expect(s.phase).toMatch(/^(entrances|clusters|levels|components|landmarks|distance table|load) \d{1,2}%$/);
    }
  } else {
    expect(samples).toEqual([]);
  }
});
