// The Learn page (learn.html) for the end-to-end tests: open it and read what it reports.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LearnState } from '../../web/demo/learn/learnPage';
import { DESKTOP, type Browser } from './browser';

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
