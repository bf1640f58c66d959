// The Learn page (learn.html) for the end-to-end tests: open it and read what it reports.
import type { Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import { loadHpastar, type Hpastar } from '../../web/lib/index';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { DESKTOP, useBrowserPerFile, type Browser } from './browser';

/** Opens learn.html with `search` in a new page of `browser` and waits until its walkthrough is ready or has failed. */
export async function openLearnPage(browser: Browser, baseUrl: string, search: string, size = DESKTOP): Promise<Page> {
  const page = await browser.page();
  await page.setViewportSize(size);
  await page.goto(new URL(`learn.html${search}`, baseUrl).href);
  await page.waitForFunction(() => window.__hpastarLearn?.ready === true || window.__hpastarLearn?.error, null, { timeout: 30_000 });
  return page;
}

/** {@link openLearnPage}, for a walkthrough that must load: fails the test on the page's error. */
export async function openLearnWalkthrough(browser: Browser, baseUrl: string, search: string, size = DESKTOP): Promise<Page> {
  const page = await openLearnPage(browser, baseUrl, search, size);
  expect(await page.evaluate(() => window.__hpastarLearn.error)).toBeNull();
  return page;
}

/** What the page reports to its tests (`window.__hpastarLearn`), copied out of it. */
export const learnState = (p: Page): Promise<LearnState> => p.evaluate(() => JSON.parse(JSON.stringify(window.__hpastarLearn)) as LearnState);

/** The trimmed text of the element whose data-testid is `id`. */
export const testIdText = async (p: Page, id: string): Promise<string> => (await p.textContent(`[data-testid=${id}]`))?.trim() ?? '';

/** What a Learn e2e file works with: the package in Node, the file's browser, and `open` for the test's page. */
export interface LearnPageSetup {
  /** The package loaded in Node (its figures are what the page must show); set before the first test. */
  hp: Hpastar;
  /** The file's browser; set before the first test. */
  browser: Browser;
  /** {@link openLearnWalkthrough} at `search`; the page is closed after the test by the shared hooks. */
  open(search: string, size?: { width: number; height: number }): Promise<Page>;
}

/**
 * The shared setup of a Learn e2e file: the package loaded in Node while the browser starts, one browser
 * per file, the test's page closed after it and no console error allowed. Call once at the file's top.
 */
export function useLearnPage(): LearnPageSetup {
  const loading = loadHpastar();
  let page: Page | undefined;
  const setup: LearnPageSetup = {
    hp: undefined as unknown as Hpastar,
    browser: undefined as unknown as Browser,
    open: async (search, size = DESKTOP) => (page = await openLearnWalkthrough(setup.browser, inject('baseUrl'), search, size)),
  };
  beforeAll(async () => void (setup.hp = await loading));
  useBrowserPerFile((b) => (setup.browser = b), () => page);
  return setup;
}

/** Resolves after the page has drawn two more frames (what a step changed is on the canvas). */
export const frame = (p: Page): Promise<unknown> => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Goes forward from the current step until the title matches `title`; fails the test if no step does. */
export async function stepTo(p: Page, title: RegExp): Promise<void> {
  const steps = (await learnState(p)).steps;
  for (let k = 0; k < steps - 1 && !title.test(await testIdText(p, 'learn-title')); k++) await p.keyboard.press('ArrowRight');
  expect(await testIdText(p, 'learn-title')).toMatch(title);
  await frame(p);
}
