// The demo's defects found by a new user (issue 17, item 7), one test each, in headless Chromium at
// 1280 × 800 unless a test sets another size (layouts are also checked at a phone's 390 × 844).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { ARTIFACTS, canvasHash, clickCell, openDemo, snapshotMap as snapshot, useBrowserPerFile, type Browser, DESKTOP, PHONE } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

useBrowserPerFile((b) => (browser = b), () => page);

async function open(search: string, size = DESKTOP): Promise<Page> {
  page = await browser.page();
  await page.setViewportSize(size);
  await openDemo(page, baseUrl, search);
  return page;
}

const message = (p: Page) => p.textContent('[data-testid=message]');

/** Pixels of snapshot `name` within 30 (sum over R, G, B) of `rgb`. */
const countColour = (p: Page, name: string, rgb: readonly number[]) =>
  p.evaluate(([key, [r, g, b]]) => {
    const d = (window as unknown as { snapshots: Record<string, { data: Uint8ClampedArray }> }).snapshots[key]!.data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 30) n++;
    return n;
  }, [name, rgb] as const);

/** Pixels whose colour differs between snapshots `a` and `b` by more than `threshold` (sum over R, G, B). */
const changed = (p: Page, a: string, b: string, threshold: number) =>
  p.evaluate(([ka, kb, t]) => {
    const s = (window as unknown as { snapshots: Record<string, { data: Uint8ClampedArray }> }).snapshots;
    const x = s[ka]!.data, y = s[kb]!.data;
    let n = 0;
    for (let i = 0; i < x.length; i += 4) if (Math.abs(x[i]! - y[i]!) + Math.abs(x[i + 1]! - y[i + 1]!) + Math.abs(x[i + 2]! - y[i + 2]!) > t) n++;
    return n;
  }, [a, b, threshold] as const);

describe('status line', () => {
  test('after choosing another algorithm with no query set, it asks for a start instead of saying "Building…"', async () => {
    await open('?map=arena.map');
    for (const algo of ['dhpa1', 'hpa3', 'astar']) {
      await page.selectOption('[data-testid=algo]', algo);
      await page.waitForFunction((a) => window.__hpastarDemo.algo === a, algo);
      await page.waitForFunction(() => !document.getElementById('message')!.textContent!.includes('Building'), null, { timeout: 10_000 });
      expect(await message(page)).toMatch(/Click a passable cell to set the start/);
    }
  });

  test('New map → Empty: the status line says the Brush is selected, and Path asks for the start again', async () => {
    await open('?map=arena.map');
    await page.click('[data-testid=new-map]');
    await page.selectOption('[data-testid=gen-kind]', 'empty');
    await page.fill('[data-testid=gen-width]', '64');
    await page.fill('[data-testid=gen-height]', '64');
    await page.click('[data-testid=gen-ok]');
    await page.waitForFunction(() => window.__hpastarDemo.ready && window.__hpastarDemo.map?.startsWith('empty-'));
    const tool = await page.$eval('input[name=tool]:checked', (r) => (r as HTMLInputElement).value);
    const text = await message(page);
    if (tool === 'path') expect(text).toMatch(/set the start/);
    else {
      expect(tool).toBe('brush');
      expect(text).toMatch(/Brush tool is selected/);
      expect(text).not.toMatch(/Click a passable cell/);
    }
    await page.keyboard.press('p');
    expect(await message(page)).toMatch(/Click a passable cell to set the start/);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-empty-map-status.png') });
  });
});

describe('algorithm menu', () => {
  test('offers only what the package has: no disabled entry, HAA* among them', async () => {
    await open('?map=arena.map');
    const options = await page.$$eval('[data-testid=algo] option', (o) => o.map((e) => ({ text: e.textContent!, disabled: (e as HTMLOptionElement).disabled })));
    expect(options.length).toBeGreaterThan(5);
    expect(options.filter((o) => o.disabled)).toEqual([]);
    expect(options.map((o) => o.text)).toContain('HAA* (agent size and terrain)');
  });

  test("A*'s path is not labelled smoothed; HPA*'s is, as smoothing says", async () => {
    await open('?map=arena.map&algo=astar&s=3,3&g=45,45');
    await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'astar');
    expect(await page.textContent('[data-testid=path-label]')).not.toMatch(/\(smoothed\)/);
    expect(await page.textContent('[data-testid=path-label]')).toMatch(/A\*/);
    await page.selectOption('[data-testid=algo]', 'hpa1');
    await page.waitForFunction(() => window.__hpastarDemo.lastPath?.algo === 'hpa1');
    expect(await page.textContent('[data-testid=path-label]')).toMatch(/\(smoothed\)/);
    await page.uncheck('[data-testid=opt-smooth]');
    await page.waitForFunction(() => window.__hpastarDemo.settings.smooth === false);
    expect(await page.textContent('[data-testid=path-label]')).not.toMatch(/\(smoothed\)/);
  });
});

describe('overlays', () => {
  test('with transitions shown, the main (abstract) search stays visible over them', async () => {
    await open('?map=den520d.map&algo=hpa2&cs=10&s=10,140&g=240,104&ov=sets-main');
    const abstractColour = [0xcc, 0x79, 0xa7]; // the abstract search's purple
    await snapshot(page, 'alone');
    const alone = await countColour(page, 'alone', abstractColour);
    expect(alone).toBeGreaterThan(500);
    await page.check('input[data-overlay=nodes]');
    await snapshot(page, 'with');
    const withTransitions = await countColour(page, 'with', abstractColour);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-search-over-transitions.png') });
    expect(withTransitions).toBeGreaterThanOrEqual(0.95 * alone);
  });

  test('on a large map, zoomed out, the searched cells are drawn at least as large and as strong as they are', async () => {
    await open('?gen=maze-1024x1024-f2-s1&algo=hpa1&cs=16&s=1,1&g=1021,1021&ov=');
    const cellPx = await page.evaluate(() => window.__hpastarDemo.cellToClient(1, 0).clientX - window.__hpastarDemo.cellToClient(0, 0).clientX);
    expect(cellPx).toBeLessThan(1); // zoomed out: several cells per pixel
    await snapshot(page, 'off');
    await page.check('input[data-overlay=sets-refine]');
    await snapshot(page, 'on');
    const sets = (await page.evaluate(() => window.__hpastarDemo.searchSets))!.filter((s) => s.phase === 'refinement');
    const cells = sets.reduce((n, s) => n + s.closed + s.open, 0);
    // The area the refinement's cells cover on screen, and how much of the screen changed strongly.
    const area = cells * cellPx * cellPx;
    expect(await changed(page, 'off', 'on', 120)).toBeGreaterThan(1.5 * area);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-search-sets-zoomed-out.png') });
  });
});

describe('numbers', () => {
  test("the first query's times are those of warm code, and A*'s reference is stable", async () => {
    await open('?map=den520d.map&algo=hpa2');
    const times: { ms: number; reference: number }[] = [];
    for (let i = 0; i < 4; i++) {
      await clickCell(page, 10, 140);
      await clickCell(page, 240, 104);
      // The demo times the query again over a few frames (undefined: a demo that does not).
      await page.waitForFunction(() => window.__hpastarDemo.timesSettled !== false);
      // A*'s time as the numbers bar shows it ("1.015 ms, 8,527 expanded", "60.0 µs, …").
      const shown = (await page.textContent('#n-astar'))!.match(/([\d.]+) (ms|µs)/)!;
      const reference = Number(shown[1]) / (shown[2] === 'µs' ? 1000 : 1);
      const referenceMs = await page.evaluate(() => window.__hpastarDemo.referenceMs!);
      expect(Math.abs(reference - referenceMs)).toBeLessThan(0.01 * referenceMs + 0.001); // as rounded for display
      times.push({ ms: await page.evaluate(() => window.__hpastarDemo.lastPath!.ms), reference });
    }
    const later = (k: 'ms' | 'reference') => times.slice(1).map((t) => t[k]).sort((a, b) => a - b)[1]!;
    // Before the fix: 10 to 100 times the later figures. A loaded machine may slow one run: 4× is allowed.
    expect(times[0]!.ms).toBeLessThan(4 * later('ms') + 0.02);
    expect(times[0]!.reference).toBeLessThan(4 * later('reference'));
    const references = times.map((t) => t.reference);
    expect(Math.max(...references)).toBeLessThan(4 * Math.min(...references));
  });

  test('compare: no "-0.00 %" suboptimality, and the speedup axis reads 1, 10, 100 (not "100.000")', async () => {
    // A query on which SHPA*'s path costs A*'s to the last few bits (cost / optimal − 1 = −7.8e−16).
    await open('?map=den520d.map&algo=hpa1&s=100,145&g=91,36&mode=compare');
    await page.click('[data-testid=compare-query]');
    await page.waitForFunction(() => window.__hpastarDemo.compare!.kind === 'query' && !window.__hpastarDemo.compare!.running, null, { timeout: 60_000 });
    const table = await page.$$eval('[data-testid=compare-table] td', (cells) => cells.map((c) => c.textContent!.trim()));
    expect(table.filter((t) => /^-0(\.0+)?\s?%?$/.test(t))).toEqual([]);
    expect(table.filter((t) => t === '0.00 %').length).toBeGreaterThan(0);
    await page.selectOption('[data-testid=chart-kind]', 'speedup');
    const ticks = await page.evaluate(() => window.__hpastarDemo.compare!.yTicks);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t).toMatch(/^\d{1,3}(,\d{3})*(\.\d{1,3})?$/);
    expect(ticks.filter((t) => /\.\d*0$/.test(t))).toEqual([]); // no trailing zeros
    await page.screenshot({ path: join(ARTIFACTS, 'defect-compare-numbers.png') });
  });
});

describe('layout', () => {
  test('the side panel needs no scrolling at 1280 × 800 and 1366 × 768; nothing overflows a phone', async () => {
    for (const size of [DESKTOP, { width: 1366, height: 768 }]) {
      await open('?map=arena.map', size);
      const panel = await page.$eval('#panel', (p) => ({ scroll: p.scrollHeight, client: p.clientHeight }));
      expect(panel.scroll, `${size.width} × ${size.height}`).toBeLessThanOrEqual(panel.client + 1);
      await page.screenshot({ path: join(ARTIFACTS, `defect-panel-${size.width}x${size.height}.png`) });
      await page.close();
    }
    await open('?map=arena.map', PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-panel-phone.png'), fullPage: true });
  });

  test('the compare tables keep every column, cost and suboptimality included, at 1280 px', async () => {
    await open('?map=den520d.map&algo=hpa2&s=10,140&g=240,104&mode=compare');
    const fits = () =>
      page.evaluate(() => {
        const wrap = document.querySelector('#compare .table-wrap')!;
        const right = wrap.getBoundingClientRect().right;
        const heads = [...wrap.querySelectorAll('th')].map((th) => ({ text: th.textContent!, right: th.getBoundingClientRect().right }));
        return { overflow: wrap.scrollWidth - wrap.clientWidth, hidden: heads.filter((h) => h.right > right + 0.5).map((h) => h.text), heads: heads.map((h) => h.text) };
      });
    await page.click('[data-testid=compare-query]');
    await page.waitForFunction(() => window.__hpastarDemo.compare!.kind === 'query' && !window.__hpastarDemo.compare!.running, null, { timeout: 60_000 });
    const query = await fits();
    expect(query.heads).toContain('Cost');
    expect(query.heads).toContain('Subopt.');
    expect(query.hidden).toEqual([]);
    expect(query.overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-compare-query-1280.png') });
    await page.fill('[data-testid=batch-size]', '10');
    await page.click('[data-testid=compare-batch]');
    await page.waitForFunction(() => window.__hpastarDemo.compare!.kind === 'batch' && !window.__hpastarDemo.compare!.running, null, { timeout: 90_000 });
    const batch = await fits();
    expect(batch.hidden).toEqual([]);
    expect(batch.overflow).toBeLessThanOrEqual(0);
  });

  test('the numbers bar keeps its height as numbers come and go: the canvas does not move', async () => {
    for (const size of [DESKTOP, PHONE]) {
      await open('?map=den520d.map&algo=hpa2', size);
      const where = () => page.$eval('#map-canvas', (c) => {
        const r = c.getBoundingClientRect();
        return { top: r.top, height: r.height, width: r.width };
      });
      const empty = await where();
      await clickCell(page, 10, 140);
      await clickCell(page, 240, 104);
      await page.waitForFunction(() => window.__hpastarDemo.lastPath?.found === true);
      expect(await where(), `${size.width}: a path's numbers`).toEqual(empty);
      // A terrain edit fills "Last edit" (its longest figure).
      await page.check('[data-testid=tool-rect]');
      const a = await page.evaluate(() => window.__hpastarDemo.cellToClient(30, 136));
      const b = await page.evaluate(() => window.__hpastarDemo.cellToClient(45, 145));
      await page.mouse.move(a.clientX, a.clientY);
      await page.mouse.down();
      await page.mouse.move(b.clientX, b.clientY, { steps: 3 });
      await page.mouse.up();
      await page.waitForFunction(() => window.__hpastarDemo.edits.batches > 0);
      expect(await page.textContent('[data-testid=n-edit]')).toMatch(/rebuilt/);
      expect(await where(), `${size.width}: an edit's numbers`).toEqual(empty);
      await page.screenshot({ path: join(ARTIFACTS, `defect-numbers-bar-${size.width}.png`) });
      await page.close();
    }
    page = await browser.page(); // closed by the hooks
  });

  test('a terrain legend says what each colour of the map is, in the colours the map uses', async () => {
    for (const size of [DESKTOP, PHONE]) {
      await open('?map=arena.map&ov=', size);
      expect(await page.isVisible('[data-testid=terrain-legend]')).toBe(true);
      const legend = await page.$$eval('[data-testid=terrain-legend] li', (items) =>
        Object.fromEntries(items.map((li) => [li.textContent!.trim(), getComputedStyle(li.querySelector('.swatch')!).backgroundColor])),
      );
      expect(Object.keys(legend)).toEqual(['ground', 'wall', 'trees', 'swamp', 'water']);
      // arena.map: row 1 is trees at x = 0, ground at x = 5.
      const pixelAt = async (x: number, y: number) => {
        await snapshot(page, 'legend');
        return page.evaluate(([cx, cy]) => {
          const p = window.__hpastarDemo.cellToClient(cx!, cy!);
          const canvas = document.getElementById('map-canvas') as HTMLCanvasElement;
          const r = canvas.getBoundingClientRect();
          const k = canvas.width / r.width;
          const d = (window as unknown as { snapshots: Record<string, { data: Uint8ClampedArray }> }).snapshots['legend']!.data;
          const at = 4 * (Math.round((p.clientY - r.top) * k) * canvas.width + Math.round((p.clientX - r.left) * k));
          return `rgb(${d[at]}, ${d[at + 1]}, ${d[at + 2]})`;
        }, [x, y]);
      };
      expect(await pixelAt(0, 1)).toBe(legend['trees']);
      expect(await pixelAt(5, 1)).toBe(legend['ground']);
      await page.screenshot({ path: join(ARTIFACTS, `defect-terrain-legend-${size.width}.png`) });
      await page.close();
    }
    page = await browser.page();
  });
});

describe('crowd', () => {
  test('Pause keeps the agents where they stand and Resume walks on; Stop removes them and clears the figures', async () => {
    await open('?map=den520d.map&algo=hpa2&mode=crowd&agents=200');
    await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === true && window.__hpastarDemo.crowd.walking > 50, null, { timeout: 60_000 });
    expect(await page.textContent('[data-testid=crowd-pause]')).toBe('Pause');
    await page.click('[data-testid=crowd-pause]');
    await page.waitForFunction(() => window.__hpastarDemo.crowd?.paused === true);
    expect(await page.textContent('[data-testid=crowd-pause]')).toBe('Resume');
    await page.waitForTimeout(200); // answers in flight arrive; nobody moves
    const pausedA = await canvasHash(page);
    const arrivals = await page.evaluate(() => window.__hpastarDemo.crowd!.arrivals);
    await page.waitForTimeout(600);
    expect(await canvasHash(page)).toBe(pausedA);
    expect(await page.evaluate(() => window.__hpastarDemo.crowd!.agents)).toBe(200);
    expect(await page.textContent('[data-testid=c-fps]')).toBe('paused');
    await page.screenshot({ path: join(ARTIFACTS, 'defect-crowd-paused.png') });
    await page.click('[data-testid=crowd-pause]');
    await page.waitForFunction(() => window.__hpastarDemo.crowd?.paused === false);
    await page.waitForTimeout(600);
    expect(await canvasHash(page)).not.toBe(pausedA);
    await page.waitForFunction((n) => window.__hpastarDemo.crowd!.arrivals > n, arrivals, { timeout: 30_000 });
    // Stop: no agent is drawn, no figure of the run is left.
    await page.click('[data-testid=crowd-toggle]');
    await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === false);
    const figures = await page.$$eval('[data-testid=crowd-numbers] td', (cells) => cells.map((c) => c.textContent));
    expect(figures.every((f) => f === '–')).toBe(true);
    expect(await page.evaluate(() => window.__hpastarDemo.crowd!.agents)).toBe(0);
    expect(await page.isDisabled('[data-testid=crowd-pause]')).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'defect-crowd-stopped.png') });
  });
});
