// The static site (`npm run build:site`, issue 38): built as a user builds it, served by a plain static
// server below a base path (as a project page is), once without and once with the COOP/COEP headers, and
// read in headless Chromium: every page of the site is served and each kind opens without a console error
// or a failed request, every link and anchor inside it resolves and no page is left unlinked; the guide's
// code blocks on the pages are the text that tests/web/guide-snippets.test.ts runs; the demo finds a path,
// and its worker pool runs in copied mode without the headers and in shared mode with them, as
// docs/site.md says.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeBlocks } from '../web/helpers/codeBlocks';
import { ARTIFACTS, clickCell, openDemo, useBrowserPerFile, type Browser } from './browser';
import { root } from './native';
import { crawlSite } from './siteCrawl';
import { serveStatic, type StaticServer } from './staticServer';

const SITE = join(root, 'build/site');
const BASE = '/hpastar/';
const GUIDE = 'docs/guide/';

let browser: Browser;
let page: Page | undefined;
let plain: StaticServer;
let isolated: StaticServer;

useBrowserPerFile((b) => (browser = b), () => page);

beforeAll(async () => {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build:site'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build:site failed:\n${build.stdout}\n${build.stderr}`);
  console.log(`site: npm run build:site took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  plain = await serveStatic(SITE, BASE, false);
  isolated = await serveStatic(SITE, BASE, true);
}, 180_000);

afterAll(async () => {
  await plain?.close();
  await isolated?.close();
});

function htmlFilesOfSite(): string[] {
  return readdirSync(SITE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(SITE, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

test('every page is served, every kind opens without errors, every link inside the site resolves, and no page is left unlinked', async () => {
  const started = performance.now();
  // The API reference's pages past the first three of each folder are read from their HTML (siteCrawl.ts).
  const crawl = await crawlSite(browser, plain.url, { below: 'reference/', opened: 3 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const external = [...crawl.external].map(([href, from]) => `${href}\t${from.length} pages: ${from.slice(0, 3).join(' ')}${from.length > 3 ? ' ...' : ''}`).sort();
  writeFileSync(join(ARTIFACTS, 'site-external-links.txt'), `${external.join('\n')}\n`);
  console.log(`site: ${crawl.pages.length} pages visited (${crawl.read.length} of them read, not opened) in ${seconds} s; ${external.length} links to other hosts (test-results/e2e/site-external-links.txt)`);
  expect(crawl.problems).toEqual([]);
  expect([...crawl.pages].sort()).toEqual(htmlFilesOfSite());
  // The three parts: the guide's chapters, the reference's pages of the package's classes, the demo's pages.
  expect(crawl.pages).toContain(`${GUIDE}07-workers-threads-and-coop-coep.html`);
  expect(crawl.pages.filter((p) => /^reference\/classes\/.*HPAStar\.html$/.test(p)).length).toBeGreaterThan(0);
  // Every folder of the reference has pages opened in Chromium (they stand for the ones read), and
  // nothing outside the reference was only read.
  const referenceFolders = new Set(crawl.pages.filter((p) => p.startsWith('reference/')).map((p) => p.slice(0, p.lastIndexOf('/'))));
  for (const folder of referenceFolders) expect(crawl.pages.some((p) => p.startsWith(`${folder}/`) && !crawl.read.includes(p)), folder).toBe(true);
  expect(crawl.read.filter((p) => !p.startsWith('reference/'))).toEqual([]);
  const referencePages = crawl.pages.filter((p) => p.startsWith('reference/')).length;
  expect(crawl.read.length).toBeGreaterThan(referencePages / 2);
  expect(crawl.pages).toEqual(expect.arrayContaining(['demo/index.html', 'demo/learn.html', 'demo/world.html']));
}, 240_000);

/** The site page of a Markdown file, and the file's code blocks as the snippet test reads them. */
const documentsWithCode = [
  { sitePath: 'index.html', markdown: 'README.md' },
  ...readdirSync(join(root, GUIDE))
    .filter((name) => /^\d\d-.+\.md$/.test(name))
    .sort()
    .map((name) => ({ sitePath: `${GUIDE}${name.replace(/\.md$/, '.html')}`, markdown: `${GUIDE}${name}` })),
];

test('the code blocks on the guide\'s pages and the home page are the text that the snippet test runs', async () => {
  page = await browser.page();
  for (const { sitePath, markdown } of documentsWithCode) {
    const expected = codeBlocks(markdown, readFileSync(join(root, markdown), 'utf8')).map((b) => ({
      language: b.info.split(/\s+/)[0] ?? '',
      code: b.code,
    }));
    await page.goto(`${plain.url}${sitePath}`);
    const shown = await page.$$eval('main pre > code', (codes) =>
      codes.map((c) => ({ language: (/\blanguage-(\S+)/.exec(c.className) ?? [])[1] ?? '', code: c.textContent ?? '' })),
    );
    expect(shown, sitePath).toEqual(expected);
  }
});

describe('the demo, below the base path', () => {
  test('finds a path on a page served without the COOP/COEP headers', async () => {
    page = await browser.page();
    await openDemo(page, `${plain.url}demo/index.html`, '?map=arena.map');
    await clickCell(page, 1, 11); // the README's first path
    await clickCell(page, 40, 37);
    const { lastPath, optimalCost } = await page.evaluate(() => window.__hpastarDemo);
    expect(lastPath?.found).toBe(true);
    expect(lastPath!.cost).toBeGreaterThanOrEqual(optimalCost! - 1e-9); // never shorter than A*'s
    expect(lastPath!.cost).toBeLessThan(optimalCost! * 1.1);
  });

  test.each([
    ['without', () => plain, false, 'copied'],
    ['with', () => isolated, true, 'shared'],
  ] as const)('runs its crowd\'s worker pool %s the headers', async (_, server, crossOriginIsolated, mode) => {
    page = await browser.page();
    await openDemo(page, `${server().url}demo/index.html`, '?map=arena.map&mode=crowd&agents=20');
    await page.waitForFunction(() => window.__hpastarDemo.crowd?.running === true, null, { timeout: 60_000 });
    expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(crossOriginIsolated);
    expect(await page.evaluate(() => window.__hpastarDemo.crowd!.poolMode)).toBe(mode);
  });
});
