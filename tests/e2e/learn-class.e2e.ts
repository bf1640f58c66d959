// The Learn page for a class (issue 36, items 4 and 5): plain A* in step with HPA*'s walkthrough, the
// figure saved as PNG and SVG, a long phase's slider and skip, and the opening step (why a hierarchy).
// Each test checks what the page shows against the package's own figures, computed here in Node from
// the same map and query.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { traceSearch } from '../../web/lib/inspect';
import { astarPace, hpaQueryTotal } from '../../web/demo/learn/astarPace';
import { HAA_CLUSTER, HAA_MAP_ROWS, TEACH_CLUSTER, TEACH_GOAL, TEACH_START, teachMapText } from '../../web/demo/learn/teachMap';
import { measureTreeCost, pickShortQuery } from '../../web/demo/learn/tradeoffs';
import { makeSteps, phaseSpan, readWalkthrough, SCRUB_ABOVE, type Step, type WalkthroughData } from '../../web/demo/learn/walkthrough';
import { learnState, testIdText, useLearnPage } from './learnPage';
import { ARTIFACTS, DESKTOP, PHONE } from './browser';

const learn = useLearnPage();

/** The walkthrough of the page's own map and query as the package makes it in Node (`dhpa`: with stored trees), with A*'s and HPA*'s own figures. */
function teachWalkthrough(dhpa = false): { data: WalkthroughData; steps: Step[]; astar: { expanded: number; cost: number }; hpa: { expanded: number; cost: number } } {
  const grid = learn.hp.Grid.fromMovingAI(teachMapText(), 'teach40.map');
  const planner = learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER, cacheTrees: dhpa });
  try {
    const search = new learn.hp.AStar();
    const astar = traceSearch(search, grid, TEACH_START, TEACH_GOAL);
    // DHPA*: the trade-off step too, measured against the same hierarchy without trees, as the page does.
    const plain = dhpa ? learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER }) : null;
    const treeCost = plain ? measureTreeCost(planner, plain, TEACH_START, TEACH_GOAL) : null;
    plain?.dispose();
    const data = readWalkthrough(planner, grid, TEACH_START, TEACH_GOAL, astar, { short: pickShortQuery(planner, grid, search), treeCost });
    const path = planner.findPath(TEACH_START, TEACH_GOAL);
    const s = path.stats;
    return { data, steps: makeSteps(data), astar: { expanded: astar.path.stats.expandedMain, cost: astar.path.cost }, hpa: { expanded: s.expandedInsertion + s.expandedMain + s.expandedRefinement, cost: path.cost } };
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

/** Pixels of a canvas (A*'s by default) in A*'s blue (its expanded cells, pale or dark), not the terrain's grey or white. */
const bluePixels = (p: Page, id = 'learn-astar-canvas'): Promise<number> =>
  p.evaluate(async (canvasId) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const c = document.getElementById(canvasId) as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 2]! - data[i]! > 60) n++;
    return n;
  }, id);

describe('Learn: A* in step with HPA*', () => {
  test('at every step A* has expanded its share M = round(T × N / N_total) of its real search, both counts shown side by side, its whole search, path and cost at the end', async () => {
    const want = teachWalkthrough();
    // The rule's totals are the query's own: what HPA*'s findPath and A* expand on it.
    expect(hpaQueryTotal(want.data)).toBe(want.hpa.expanded);
    expect(want.data.astar.searches[0]!.closed.length / 2).toBe(want.astar.expanded);
    const p = await learn.open('');
    expect(await testIdText(p, 'learn-pace-rule')).toContain('M = T × N');
    let lastShown = -1;
    for (let k = 0; k < want.steps.length; k++) {
      const got = await learnState(p);
      expect(got.step).toBe(k);
      const pace = astarPace(want.steps[k]!, want.data, k === want.steps.length - 1);
      expect(got.astarPace, `step ${k}`).toEqual(pace);
      expect(pace.shown).toBe(Math.round((want.astar.expanded * pace.hpaSoFar) / want.hpa.expanded));
      expect(pace.shown).toBeGreaterThanOrEqual(lastShown); // A* only ever moves on
      lastShown = pace.shown;
      if (got.phase !== 'short') expect(await testIdText(p, 'learn-pace'), `step ${k}`).toContain(`HPA* so far: ${pace.hpaSoFar} expanded · A*: ${pace.shown} of ${want.astar.expanded}`);
      if (k === 0) expect(pace.shown).toBe(0); // the build: HPA* has not searched yet
      if (k < want.steps.length - 1) await p.keyboard.press('ArrowRight');
    }
    const end = await learnState(p);
    expect(end.astarPace).toMatchObject({ hpaSoFar: want.hpa.expanded, hpaTotal: want.hpa.expanded, shown: want.astar.expanded, total: want.astar.expanded, done: true });
    expect(await testIdText(p, 'learn-pace')).toContain(`cost: A* ${want.astar.cost.toFixed(2)}, HPA* ${want.hpa.cost.toFixed(2)}`);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-astar-end.png') });
  });

  test('A*\'s panel draws what it has expanded: nothing during the build, part of its search mid-query, all of it at the end', async () => {
    const want = teachWalkthrough();
    const mid = want.steps.findIndex((s, k) => {
      const pace = astarPace(s, want.data, false);
      return k > 0 && pace.shown > 0.3 * pace.total && pace.shown < 0.7 * pace.total;
    });
    expect(mid).toBeGreaterThan(0);
    const counts: number[] = [];
    for (const k of [0, mid, want.steps.length - 1]) {
      const p = await learn.open(`?step=${k}`);
      expect((await learnState(p)).astarPace!.shown).toBe(astarPace(want.steps[k]!, want.data, k === want.steps.length - 1).shown);
      counts.push(await bluePixels(p));
      if (k === mid) await p.screenshot({ path: join(ARTIFACTS, 'learn-class-astar-mid.png') });
      await p.close();
    }
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(0);
    expect(counts[2]).toBeGreaterThan(counts[1]!);
  });

  test('DHPA* (no insertion search): A* still paced by HPA*\'s abstract search and refinement, complete at the last step', async () => {
    const want = teachWalkthrough(true);
    const last = want.steps.length - 1;
    const p = await learn.open(`?algo=dhpa&step=${last}`);
    expect((await learnState(p)).astarPace).toEqual(astarPace(want.steps[last]!, want.data, true));
    expect((await learnState(p)).astarPace!.done).toBe(true);
    const abstract = want.steps.findIndex((s) => s.phase === 'abstract');
    await p.close();
    const q = await learn.open(`?algo=dhpa&step=${abstract}`);
    const pace = (await learnState(q)).astarPace!;
    expect(pace).toEqual(astarPace(want.steps[abstract]!, want.data, false));
    expect(pace.shown).toBeLessThan(pace.total);
  });

  test('the A* panel and its counts fit beside the map at 1280 × 800, 1280 × 720 large text and on a phone, the map kept at 60% of the smaller side', async () => {
    const sizes: [string, string, { width: number; height: number }][] = [
      ['desktop', '', DESKTOP],
      ['large', '&large=1', { width: 1280, height: 720 }],
      ['phone', '', PHONE],
    ];
    for (const [name, extra, size] of sizes) {
      const p = await learn.open(`?step=60${extra}`, size);
      const box = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.width, name).toBeGreaterThanOrEqual(0.6 * Math.min(size.width, size.height));
      // Nothing covers the map: the element at its centre is the canvas itself.
      const top = await p.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.id, [box.left + box.width / 2, box.top + box.height / 2]);
      expect(top, name).toBe('learn-canvas');
      expect(await testIdText(p, 'learn-pace'), name).toMatch(/HPA\* so far: \d+ expanded · A\*: \d+ of \d+/);
      await p.screenshot({ path: join(ARTIFACTS, `learn-class-astar-${name}.png`), fullPage: name === 'phone' });
      await p.close();
    }
  });
});

/** Clicks the button `id` and returns the file it downloads: its suggested name and its bytes. */
async function downloaded(p: Page, id: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([p.waitForEvent('download'), p.click(`[data-testid=${id}]`)]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** What an SVG document holds, parsed by the browser: its parse error if any, its size and its elements by kind. */
const parseSvg = (p: Page, text: string) =>
  p.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const all = (sel: string) => [...doc.querySelectorAll(sel)];
    // Paint is written once on a group of like elements: an element's is its own or its group's.
    const paint = (e: Element, name: string) => e.closest(`[${name}]`)?.getAttribute(name) ?? null;
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      width: Number(doc.documentElement.getAttribute('width')),
      height: Number(doc.documentElement.getAttribute('height')),
      images: all('image').length,
      filledRects: all('rect').filter((e) => paint(e, 'fill') !== 'none').length,
      outlinedRects: all('rect').filter((e) => paint(e, 'fill') === 'none').length,
      circles: all('circle').length,
      // Each polyline's stroke and its number of points.
      polylines: all('polyline').map((e) => ({ stroke: paint(e, 'stroke'), points: e.getAttribute('points')!.trim().split(/\s+/).length / 2 })),
      texts: all('text').map((e) => e.textContent ?? ''),
      fills: [...new Set(all('rect').map((e) => paint(e, 'fill')).filter((f) => f !== 'none'))],
    };
  }, text);

describe('Learn: the figure saved as PNG and SVG', () => {
  test('PNG: the map canvas as shown; SVG: the same layers as vector elements, the answer a polyline through every cell of the package\'s path', async () => {
    const want = teachWalkthrough();
    const last = want.steps.length - 1;
    const p = await learn.open(`?step=${last}`);
    const png = await downloaded(p, 'learn-export-png');
    expect(png.name).toBe(`hpastar-learn-teach40-hpa-step-${last + 1}.png`);
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    const canvas = await p.$eval('#learn-canvas', (c) => ({ width: (c as HTMLCanvasElement).width, height: (c as HTMLCanvasElement).height }));
    expect({ width: png.bytes.readUInt32BE(16), height: png.bytes.readUInt32BE(20) }).toEqual(canvas);
    const svg = await downloaded(p, 'learn-export-svg');
    expect(svg.name).toBe(`hpastar-learn-teach40-hpa-step-${last + 1}.svg`);
    const text = svg.bytes.toString('utf8');
    writeFileSync(join(ARTIFACTS, 'learn-class-export.svg'), text);
    const doc = await parseSvg(p, text);
    expect(doc.error).toBeNull();
    expect(doc.images).toBe(0); // drawn, not a picture of the canvas
    const css = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
    expect(doc.width).toBeCloseTo(css.width, 0);
    // The answer (black) through each cell of the path the package finds; the only black polyline of the last step.
    const black = doc.polylines.filter((l) => l.stroke === '#000000');
    expect(black.map((l) => l.points)).toEqual([want.data.traced.path.cells.length / 2]);
    // The clusters' borders, one outline each, and the goal's square; a dot per transition cell, and the start's disc (filled, then outlined).
    expect(doc.outlinedRects).toBe(want.data.clusters[0]!.rects.length / 4 + 1);
    expect(doc.circles).toBe(want.data.entrances.transitions.length / 2 + 2);
    // The inter-edges, each on a white casing (two polylines), and the intra-edges, one polyline each
    // along the cells of its way (more points than its two ends), beside the path.
    const inter = want.data.graphs[0]!.edgeInter.reduce((n, x) => n + x, 0);
    const intra = want.data.builds.reduce((n, b) => n + b.edgeFrom.length, 0);
    expect(doc.polylines.length).toBe(2 * inter + intra + 1);
    const green = doc.polylines.filter((l) => l.stroke === '#009E73');
    expect(green.length).toBe(intra);
    expect(green.reduce((n, l) => n + l.points, 0)).toBeGreaterThan(3 * intra);
    // Cells merged per row: far fewer rectangles than the map's 1600 cells.
    expect(doc.filledRects).toBeLessThan(400);
    // The file drawn by the browser, for the eye (beside the page's own screenshot).
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-export-page.png') });
    const view = await learn.browser.page();
    await view.setContent(text);
    await view.screenshot({ path: join(ARTIFACTS, 'learn-class-export-svg.png') });
    await view.close();
  });

  test('SVG of the HAA* figure: parsed, the size of the canvas, its terrain, clusters, labels and both agents\' paths through every cell', async () => {
    const p = await learn.open('?algo=haa');
    // The first step that draws both agents' paths (the size-1 one orange, the size-2 one black).
    const steps = (await learnState(p)).steps;
    for (let k = 0; k < steps - 1; k++) {
      const shown = (await learnState(p)).haa!;
      if (shown.smallPathCells > 0 && shown.bigPathCells > 0) break;
      await p.keyboard.press('ArrowRight');
    }
    const s = await learnState(p);
    const shown = s.haa!;
    expect(shown.smallPathCells).toBeGreaterThan(0);
    expect(shown.bigPathCells).toBeGreaterThan(0);
    const svg = await downloaded(p, 'learn-export-svg');
    expect(svg.name).toBe(`hpastar-learn-haa10-haa-step-${s.step + 1}.svg`);
    const text = svg.bytes.toString('utf8');
    writeFileSync(join(ARTIFACTS, 'learn-class-export-haa.svg'), text);
    const doc = await parseSvg(p, text);
    expect(doc.error).toBeNull();
    expect(doc.images).toBe(0);
    const css = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
    expect(doc.width).toBeCloseTo(css.width, 0);
    expect(doc.height).toBeCloseTo(css.height, 0);
    // The terrain: ground, walls, water and trees in their own colours (HAA*'s map has all four).
    expect(doc.fills.length).toBeGreaterThanOrEqual(4);
    // The paths, one polyline each through every cell of the package's path; the clusters' outlines.
    expect(doc.polylines).toContainEqual({ stroke: '#E69F00', points: shown.smallPathCells });
    expect(doc.polylines).toContainEqual({ stroke: '#000000', points: shown.bigPathCells });
    expect(doc.outlinedRects).toBeGreaterThanOrEqual((HAA_MAP_ROWS.length / HAA_CLUSTER) ** 2);
    // Every label the canvas shows is written in the file, and the ends' letters.
    for (const label of s.haaLabels?.labels ?? []) expect(doc.texts).toContain(label.text);
    expect(doc.texts).toEqual(expect.arrayContaining(['S', 'G']));
    const view = await learn.browser.page();
    await view.setContent(text);
    await view.screenshot({ path: join(ARTIFACTS, 'learn-class-export-haa-svg.png') });
    await view.close();
  });

  test('SVG of a 512 × 512 map mid-search: parsed, its terrain in runs (not a rectangle per cell), the search\'s cells merged', async () => {
    const p = await learn.open('?map=8room_000.map&step=40');
    const svg = await downloaded(p, 'learn-export-svg');
    writeFileSync(join(ARTIFACTS, 'learn-class-export-8room.svg'), svg.bytes);
    const doc = await parseSvg(p, svg.bytes.toString('utf8'));
    expect(doc.error).toBeNull();
    expect(doc.filledRects).toBeGreaterThan(0);
    expect(doc.filledRects).toBeLessThan(512 * 512 / 8);
    expect(svg.bytes.length).toBeLessThan(8_000_000);
  });
});

/** Moves the phase's slider to `value` as a hand would (its input event). */
const scrubTo = (p: Page, value: number) =>
  p.$eval('[data-testid=learn-scrub-range]', (el, v) => {
    const range = el as HTMLInputElement;
    range.value = String(v);
    range.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);

describe('Learn: long phases scrubbed', () => {
  test('a phase of more than 40 steps gets a slider over its steps and a skip to its end; a short one does not', async () => {
    const want = teachWalkthrough();
    const first = want.steps.findIndex((s) => s.phase === 'abstract');
    const { last } = phaseSpan(want.steps, first);
    // The walkthrough's own query: the abstract search expands 57 nodes, one a step.
    expect(last - first + 1).toBeGreaterThan(SCRUB_ABOVE);
    const p = await learn.open(`?step=${first}`);
    expect(await p.isVisible('[data-testid=learn-scrub]')).toBe(true);
    expect(await p.getAttribute('[data-testid=learn-scrub-range]', 'max')).toBe(String(last - first));
    expect(await testIdText(p, 'learn-scrub-at')).toBe(`1 of ${last - first + 1}`);
    await scrubTo(p, 20);
    let got = await learnState(p);
    expect(got.step).toBe(first + 20);
    expect(got.counts).toEqual(want.steps[first + 20]!.counts);
    expect(await testIdText(p, 'learn-title')).toBe(want.steps[first + 20]!.title);
    expect(await testIdText(p, 'learn-scrub-at')).toBe(`21 of ${last - first + 1}`);
    expect(await p.getAttribute('[data-testid=learn-permalink]', 'href')).toContain(`step=${first + 20}`);
    // The arrows on the focused slider move one step, not two (the page's keys leave it alone).
    await p.focus('[data-testid=learn-scrub-range]');
    await p.keyboard.press('ArrowRight');
    expect((await learnState(p)).step).toBe(first + 21);
    await p.click('[data-testid=learn-skip]');
    got = await learnState(p);
    expect(got.step).toBe(last);
    expect(got.counts.main).toBe(want.data.traced.searches.find((s) => s.phase === 'abstract')!.closed.length / 2);
    expect(await p.isDisabled('[data-testid=learn-skip]')).toBe(true);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-scrub.png') });
    // The next phase (refinement, a few segments) is short: no slider.
    await p.keyboard.press('ArrowRight');
    expect((await learnState(p)).phase).toBe('refinement');
    expect(await p.isVisible('[data-testid=learn-scrub]')).toBe(false);
  });

  test('on a phone the slider keeps the map at 60% of the screen\'s width, uncovered', async () => {
    const want = teachWalkthrough();
    const first = want.steps.findIndex((s) => s.phase === 'abstract');
    const p = await learn.open(`?step=${first + 5}`, PHONE);
    expect(await p.isVisible('[data-testid=learn-scrub]')).toBe(true);
    const box = await p.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.width).toBeGreaterThanOrEqual(0.6 * PHONE.width);
    expect(await p.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.id, [box.left + box.width / 2, box.top + box.height / 2])).toBe('learn-canvas');
    await scrubTo(p, 30);
    expect((await learnState(p)).step).toBe(first + 30);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-scrub-phone.png') });
  });
});

/** The first free cell from the top left (`fromEnd`: from the bottom right), as the page picks a map's default ends. */
function cornerCell(grid: { width: number; height: number; passable(x: number, y: number): boolean }, fromEnd: boolean): { x: number; y: number } {
  const n = grid.width * grid.height;
  for (let k = 0; k < n; k++) {
    const i = fromEnd ? n - 1 - k : k;
    if (grid.passable(i % grid.width, Math.floor(i / grid.width))) return { x: i % grid.width, y: Math.floor(i / grid.width) };
  }
  throw new Error('no free cell');
}

/** Plain A*'s and HPA*'s expansions on a bundled map's default query (its corner cells), in Node. */
async function bundledQuery(name: string): Promise<{ astar: number; hpa: number }> {
  const grid = learn.hp.Grid.fromMovingAI(readFileSync(join('maps', name), 'utf8'), name);
  const planner = learn.hp.HPAStar.build(grid, { ...learn.hp.HPAStar.defaultOptions, clusterSize: TEACH_CLUSTER });
  try {
    const [start, goal] = [cornerCell(grid, false), cornerCell(grid, true)];
    const s = planner.findPath(start, goal).stats;
    return { astar: new learn.hp.AStar().findPath(grid, start, goal).stats.expandedMain, hpa: s.expandedInsertion + s.expandedMain + s.expandedRefinement };
  } finally {
    planner.dispose();
    grid.dispose();
  }
}

const mapBluePixels = (p: Page): Promise<number> => bluePixels(p, 'learn-canvas');

describe('Learn: why a hierarchy (the opening step)', () => {
  test('the walkthrough opens on plain A*\'s search of its query: the cells it expands and what HPA*\'s query expands, the package\'s numbers; its permalink opens it again', async () => {
    const want = teachWalkthrough();
    const p = await learn.open('');
    const got = await learnState(p);
    expect(got.step).toBe(0);
    expect(got.phase).toBe('why');
    expect(want.steps[0]!.phase).toBe('why');
    expect(await testIdText(p, 'learn-title')).toBe(`Why a hierarchy: A* expands ${want.astar.expanded} cells`);
    const body = await testIdText(p, 'learn-text');
    expect(body).toContain(`This query then expands ${want.hpa.expanded} nodes`);
    expect(body).toContain(`cost ${want.astar.cost.toFixed(2)}`);
    expect(body).toContain('16 clusters');
    expect(got.shown!.astarCells).toBe(want.astar.expanded);
    expect(got.shown!.clusters).toBe(16);
    expect(await mapBluePixels(p)).toBeGreaterThan(1000);
    expect(await p.$eval('[data-testid=learn-phase]', (el) => (el as HTMLSelectElement).selectedOptions[0]!.text)).toBe('Why a hierarchy');
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-why.png') });
    // Its link, and the build after it, with A*'s search gone from the map.
    expect(await p.getAttribute('[data-testid=learn-permalink]', 'href')).toContain('step=0');
    await p.click('[data-testid=learn-next]');
    expect((await learnState(p)).phase).toBe('clusters');
    expect((await learnState(p)).shown!.astarCells).toBe(0);
    expect(await mapBluePixels(p)).toBe(0);
    await p.close();
    const again = await learn.open('?step=0&large=1', { width: 1280, height: 720 });
    expect((await learnState(again)).phase).toBe('why');
    const box = await again.$eval('#learn-canvas', (c) => c.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.width).toBeGreaterThanOrEqual(0.6 * 720);
    await again.screenshot({ path: join(ARTIFACTS, 'learn-class-why-large.png') });
  });

  test('on a 512 × 512 map the opening step\'s numbers are the package\'s for its query', async () => {
    const want = await bundledQuery('8room_000.map');
    const p = await learn.open('?map=8room_000.map');
    expect((await learnState(p)).phase).toBe('why');
    expect(await testIdText(p, 'learn-title')).toBe(`Why a hierarchy: A* expands ${want.astar} cells`);
    expect(await testIdText(p, 'learn-text')).toContain(`This query then expands ${want.hpa} nodes`);
    await p.screenshot({ path: join(ARTIFACTS, 'learn-class-why-8room.png') });
  });
});

describe('Learn on a projector: the step buttons on the first screen', () => {
  const LARGE = { width: 1280, height: 720 };
  for (const algo of ['hpa', 'dhpa', 'haa'] as const) {
    test(`1280 × 720, large text, ${algo}: at every step Previous and Next are inside the viewport at the top of the page and not covered, the map at 60% of the smaller side`, async () => {
      const p = await learn.open(`?algo=${algo}&large=1`, LARGE);
      const steps = (await learnState(p)).steps;
      const misses: string[] = [];
      for (let k = 0; k < steps; k++) {
        const seen = await p.evaluate(() => {
          window.scrollTo(0, 0);
          const inView = (id: string) => {
            const r = document.getElementById(id)!.getBoundingClientRect();
            const onTop = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.id === id;
            return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && onTop;
          };
          return { title: document.getElementById('learn-title')!.textContent, prev: inView('learn-prev'), next: inView('learn-next'), map: document.getElementById('learn-canvas')!.getBoundingClientRect().width };
        });
        if (!seen.prev || !seen.next) misses.push(`step ${k} (${seen.title}): previous ${seen.prev}, next ${seen.next}`);
        expect(seen.map, `step ${k}`).toBeGreaterThanOrEqual(0.6 * LARGE.height);
        if (k === steps - 1) break;
        await p.keyboard.press('ArrowRight');
      }
      expect(misses).toEqual([]);
      await p.screenshot({ path: join(ARTIFACTS, `learn-class-large-last-${algo}.png`) });
    });
  }
});
