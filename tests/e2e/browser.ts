// Headless Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by playwright-core
// (nothing downloaded), a fresh user-data directory per run, and every console error and uncaught
// page error recorded so that a test can assert there were none.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const CHROMIUM = process.env.HPASTAR_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
/** The screens the issues ask the demo to fit: a laptop and a phone. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Browser {
  context: BrowserContext;
  /** A new page whose console errors and page errors land in `errors`. */
  page(): Promise<Page>;
  errors: string[];
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), 'hpastar-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 860 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async page() {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      return page;
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the demo at `search` (e.g. `?map=arena.map`) and waits until its map is ready. */
/**
 * The hooks every e2e file uses: one browser per file, the test's page closed after each test, and no
 * console error allowed. `setBrowser` receives the launched browser; `currentPage` gives the page the
 * running test opened (if any).
 */
export function useBrowserPerFile(setBrowser: (b: Browser) => void, currentPage: () => Page | undefined): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
    setBrowser(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await currentPage()?.close();
    expect(browser?.errors).toEqual([]);
  });
}

export async function openDemo(page: Page, baseUrl: string, search = ''): Promise<void> {
  await page.goto(new URL(search, baseUrl).href);
  await page.waitForFunction(() => window.__hpastarDemo?.ready === true, null, { timeout: 30_000 });
}

/** Clicks the centre of cell (x, y) of the map. */
export async function clickCell(page: Page, x: number, y: number, options?: { shift?: boolean }): Promise<void> {
  const p = await page.evaluate(([cx, cy]) => window.__hpastarDemo.cellToClient(cx!, cy!), [x, y]);
  if (options?.shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.clientX, p.clientY);
  if (options?.shift) await page.keyboard.up('Shift');
}

/**
 * Keeps in the page, under `window.snapshots[name]`, the map's pixels as shown: the map's canvas with
 * the canvas drawn over it (agents, flashes, the pointer) composited on top, once a fresh frame is
 * drawn. Chromium moves a canvas that is read back to another rasterizer (whose antialiasing differs
 * by a few pixels), so the layers are read once, then drawn again, then read.
 */
export async function snapshotMap(page: Page, name: string): Promise<void> {
  await page.evaluate(async (key) => {
    const read = () => {
      const map = document.getElementById('map-canvas') as HTMLCanvasElement;
      const top = document.getElementById('map-canvas-top') as HTMLCanvasElement;
      const shown = document.createElement('canvas');
      shown.width = map.width;
      shown.height = map.height;
      const ctx = shown.getContext('2d')!;
      ctx.drawImage(map, 0, 0);
      ctx.drawImage(top, 0, 0);
      return ctx.getImageData(0, 0, shown.width, shown.height);
    };
    read();
    window.__hpastarDemo.redraw();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const image = read();
    const w = window as unknown as { snapshots?: Record<string, { data: Uint8ClampedArray; width: number; height: number }> };
    (w.snapshots ??= {})[key] = { data: image.data, width: image.width, height: image.height };
  }, name);
}

/** A hash of the map's pixels as shown, after the next frame is drawn. */
export async function canvasHash(page: Page): Promise<string> {
  await snapshotMap(page, 'hash');
  return page.evaluate(() => {
    const { data, width, height } = (window as unknown as { snapshots: Record<string, { data: Uint8ClampedArray; width: number; height: number }> }).snapshots['hash']!;
    let h = 2166136261;
    for (let i = 0; i < data.length; i += 1) h = Math.imul(h ^ data[i]!, 16777619);
    return `${width}x${height}:${(h >>> 0).toString(16)}`;
  });
}

/** Pixels of the map as shown that are not the background, and of a given colour. */
export async function countPixels(page: Page, rgb?: [number, number, number]): Promise<number> {
  await snapshotMap(page, 'count');
  return page.evaluate((colour) => {
    const { data } = (window as unknown as { snapshots: Record<string, { data: Uint8ClampedArray }> }).snapshots['count']!;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (colour) {
        if (Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2]) < 30) n++;
      } else if (!(data[i] === 0xd9 && data[i + 1] === 0xd9 && data[i + 2] === 0xd9)) n++;
    }
    return n;
  }, rgb ?? null);
}

