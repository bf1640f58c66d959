// The compare view in headless Chromium: every algorithm on the query on screen, and on a batch of
// the map's scenarios, as a table and a chart.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { ARTIFACTS, useBrowserPerFile, openDemo, type Browser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

test('every algorithm on one query, then on a scenario batch', async () => {
  page = await browser.page();
  await openDemo(page, baseUrl, '?map=den520d.map&algo=hpa2&s=10,140&g=240,104&mode=compare');
  await page.click('[data-testid=compare-query]');
  await page.waitForFunction(() => window.__hpastarDemo.compare?.kind === 'query' && !window.__hpastarDemo.compare.running, null, { timeout: 60_000 });
  const query = await page.evaluate(() => window.__hpastarDemo.compare!);
  // Every algorithm of the picker (SHPA* when the package has it).
  const offered = await page.$$eval('[data-testid=algo] option:not([disabled])', (o) => o.map((e) => e.textContent));
  expect(offered.slice(0, 6)).toEqual(['A* (optimal)', 'HPA*, 1 level', 'HPA*, 2 levels', 'HPA*, 3 levels', 'DHPA*, 1 level', 'DHPA*, 2 levels']);
  // HAA* plans for an agent of its own (a size and a terrain): the compare view leaves it out.
  expect(offered).toContain('HAA* (agent size and terrain)');
  expect(query.queryRows.map((r) => r.algo)).toEqual(offered.filter((a) => !a!.startsWith('HAA*')));
  const n = offered.length - 1;
  const optimal = query.queryRows[0]!.cost;
  for (const row of query.queryRows) {
    expect(row.cost).toBeGreaterThanOrEqual(optimal - 1e-9);
    expect(row.subopt).toBeLessThan(0.1);
    expect(row.ms).toBeGreaterThan(0);
  }
  expect(query.chartPoints).toBe(n);
  expect(await page.locator('[data-testid=compare-table] tbody tr').count()).toBe(n);
  await page.screenshot({ path: join(ARTIFACTS, 'compare-query.png') });
  // Clicking a row shows that algorithm's path.
  await page.locator('[data-testid=compare-table] tbody tr').nth(4).click();
  await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'dhpa1');

  await page.fill('[data-testid=batch-size]', '40');
  await page.click('[data-testid=compare-batch]');
  await page.waitForFunction(() => window.__hpastarDemo.compare?.kind === 'batch' && !window.__hpastarDemo.compare.running, null, { timeout: 90_000 });
  const batch = await page.evaluate(() => window.__hpastarDemo.compare!);
  expect(batch.batchRows).toHaveLength(n);
  for (const row of batch.batchRows) {
    expect(row.found).toBe(40);
    expect(row.meanSubopt).toBeLessThan(0.1);
  }
  expect(batch.batchRows[0]!.maxSubopt).toBeLessThan(1e-5); // A* against the scenario file's optimal lengths
  expect(batch.chartPoints).toBe(40 * n);
  for (const kind of ['time', 'speedup', 'subopt']) {
    await page.selectOption('[data-testid=chart-kind]', kind);
    await page.screenshot({ path: join(ARTIFACTS, `compare-batch-${kind}.png`) });
  }
});
