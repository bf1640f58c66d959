// Walks a served site in headless Chromium from its home page, as a reader clicking every link would: each
// page of the site is opened once (a demo page until it says it is ready), in a few tabs at a time, and
// what goes wrong is recorded with the page it happened on: console errors, uncaught errors, requests that
// fail or answer 400 and above, anything loaded from another host, links that leave the site's base path
// on its own host, links to files that are missing, and links to anchors (#id) that the target page does
// not have. Links to other hosts are collected, not followed.
import type { Page } from 'playwright-core';
import type { Browser } from './browser';

export interface SiteCrawl {
  /** The pages opened, as paths below the site's base (`docs/guide/index.html`). */
  pages: string[];
  /** What went wrong, each with its page. */
  problems: string[];
  /** Each link to another host, with the pages that have it. */
  external: Map<string, string[]>;
}

interface Link {
  from: string;
  to: URL;
}

/** What the tabs share while they walk. */
interface Walk {
  siteUrl: string;
  queue: string[];
  /** Every page taken from the queue, with its anchors once it has been read. */
  anchors: Map<string, Set<string>>;
  links: Link[];
  problems: string[];
  external: Map<string, string[]>;
  /** Tabs reading a page, whose links may still fill the queue. */
  busy: number;
  /**
   * Requests cut off because the tab moved on (Chromium asks for the favicon after `load`), with their
   * page: fetched again at the end, since being cut off says nothing about whether the file is there.
   */
  aborted: Map<string, string>;
}

/** The page's links (resolved) and the anchors it offers (ids, and names of <a>). */
function readPage(page: Page) {
  return page.evaluate(() => ({
    links: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    anchors: [...document.querySelectorAll('[id], a[name]')].map((e) => e.id || e.getAttribute('name')!),
  }));
}

/** Waits until a demo page (index, learn, world) has loaded its module and map. */
function demoReady(page: Page) {
  return page.waitForFunction(
    () => {
      const w = window as unknown as Record<string, { ready?: boolean } | undefined>;
      return [w.__hpastarDemo, w.__hpastarLearn, w.__hpastarWorld].some((hook) => hook?.ready === true);
    },
    null,
    { timeout: 30_000 },
  );
}

/** Sorts the links of the page `from`: to other hosts, outside the base path, or inside the site. */
function sortLinks(walk: Walk, from: string, hrefs: string[]): void {
  const site = new URL(walk.siteUrl);
  for (const href of hrefs) {
    const to = new URL(href);
    if (to.origin !== site.origin) {
      walk.external.set(href, [...(walk.external.get(href) ?? []), from]);
    } else if (!to.pathname.startsWith(site.pathname)) {
      walk.problems.push(`${from}: link to ${href} leaves the site's base path ${site.pathname}`);
    } else {
      walk.links.push({ from, to });
      if (to.pathname.endsWith('.html')) walk.queue.push(`${to.origin}${to.pathname}`);
    }
  }
}

/** One tab: takes pages from the queue until it is empty and no other tab can add to it. */
async function walkInTab(page: Page, walk: Walk): Promise<void> {
  let current = '';
  const problem = (what: string) => walk.problems.push(`${current}: ${what}`);
  page.on('console', (m) => m.type() === 'error' && problem(`console.error: ${m.text()}`));
  page.on('pageerror', (e) => problem(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText;
    if (error === 'net::ERR_ABORTED' && r.url().startsWith(walk.siteUrl)) walk.aborted.set(r.url(), current);
    else problem(`request failed: ${r.url()} (${error})`);
  });
  page.on('response', (r) => r.status() >= 400 && problem(`${r.status()} for ${r.url()}`));
  // The site holds all it loads: with COEP, a resource from another host would need that host's consent.
  const origin = new URL(walk.siteUrl).origin;
  page.on('request', (r) => /^https?:/.test(r.url()) && new URL(r.url()).origin !== origin && problem(`loads ${r.url()} from another host`));
  while (walk.queue.length > 0 || walk.busy > 0) {
    const url = walk.queue.shift();
    if (url === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    if (walk.anchors.has(url)) continue;
    walk.anchors.set(url, new Set());
    walk.busy++;
    current = url.slice(walk.siteUrl.length);
    try {
      await page.goto(url, { waitUntil: 'load' });
      if (current.startsWith('demo/')) await demoReady(page);
      const found = await readPage(page);
      walk.anchors.set(url, new Set(found.anchors));
      sortLinks(walk, current, found.links);
    } finally {
      walk.busy--;
    }
  }
}

/** Checks the links collected by the walk: files other than pages must answer, anchors must exist. */
async function checkLinks(walk: Walk): Promise<void> {
  const files = new Map<string, string>();
  for (const { from, to } of walk.links) {
    const target = to.href.slice(0, to.href.length - to.hash.length);
    if (!target.endsWith('.html')) files.set(target, from);
    const id = decodeURIComponent(to.hash.slice(1));
    if (id && target.endsWith('.html') && !walk.anchors.get(target)?.has(id)) {
      walk.problems.push(`${from}: link to ${to.href}: the page has no anchor "${id}"`);
    }
  }
  for (const [file, from] of walk.aborted) if (!files.has(file)) files.set(file, from);
  for (const [file, from] of files) {
    const response = await fetch(file);
    await response.arrayBuffer();
    if (!response.ok) walk.problems.push(`${from}: ${file}: ${response.status}`);
  }
}

/**
 * Opens every page of the site at `siteUrl` (its base, ending in `/`) that links lead to from its
 * index.html, in `tabs` pages of `browser` at a time.
 */
export async function crawlSite(browser: Browser, siteUrl: string, tabs = 3): Promise<SiteCrawl> {
  const walk: Walk = { siteUrl, queue: [`${siteUrl}index.html`], anchors: new Map(), links: [], problems: [], external: new Map(), busy: 0, aborted: new Map() };
  const pages = await Promise.all(Array.from({ length: tabs }, () => browser.page()));
  try {
    await Promise.all(pages.map((page) => walkInTab(page, walk)));
  } finally {
    await Promise.all(pages.map((page) => page.close()));
  }
  await checkLinks(walk);
  return { pages: [...walk.anchors.keys()].map((url) => url.slice(siteUrl.length)), problems: walk.problems, external: walk.external };
}
