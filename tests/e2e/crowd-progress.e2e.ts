// The demo's progress bar for the crowd pool's build (mixed units: a hierarchy per class built in the
// workers from the terrain): the workers' progress reaches the page through the pool's onProgress, the
// bar shows once the build has taken 100 ms, with a value below 1 and the phase, and is hidden again once
// the crowd runs. Whether the bar shows depends on the machine's speed; what is asserted holds either way:
// the page saw the bar exactly when the demo says a report came late enough to show it.
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { openDemo, useBrowserPerFile, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page | undefined;

useBrowserPerFile((b) => (browser = b), () => page);

interface BarSample {
  value: number;
  phase: string;
}

test('mixed units on maze512-1-0: the workers report every phase of their build, the bar shows them and hides at the end', { timeout: 120_000 }, async () => {
  page = await browser.page();
  // Samples the bar every 5 ms from the first script on (the build runs in workers: the page is free).
  await page.addInitScript(() => {
    const samples: { value: number; phase: string }[] = [];
    (window as unknown as { barSamples: typeof samples }).barSamples = samples;
    setInterval(() => {
      const row = document.getElementById('crowd-progress-row');
      if (!row || getComputedStyle(row).display === 'none') return;
      const bar = document.getElementById('crowd-progress') as HTMLProgressElement;
      samples.push({ value: bar.value, phase: document.getElementById('crowd-progress-phase')!.textContent ?? '' });
    }, 5);
  });
  await openDemo(page, baseUrl, '?map=maze512-1-0.map&algo=hpa2&mode=crowd&agents=50&units=mixed');
  await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === true, null, { timeout: 90_000 });
  // The page may start the crowd again as it settles (its map, then its algorithm): once the last start
  // has ended, the bar is hidden.
  await page.waitForSelector('#crowd-progress-row', { state: 'hidden', timeout: 60_000 });
  await page.waitForTimeout(500);
  const build = await page.evaluate(() => window.__hpastarDemo.crowd!.build);
  const samples = await page.evaluate(() => (window as unknown as { barSamples: BarSample[] }).barSamples);
  console.log(`crowd pool build: ${JSON.stringify(build)}; bar samples: ${samples.length}`);
  // Three classes built in the workers: the phases of an HPA* build, from the first.
  expect(build.reports).toBeGreaterThan(10);
  expect(build.phases.slice(0, 2)).toEqual(['entrances', 'clusters']);
  expect(build.phases).toContain('components');
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
