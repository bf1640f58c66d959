// Walks a served site from its home page, as a reader clicking every link would: each page of the site is
// visited once, in a few tabs at a time, and what goes wrong is recorded with the page it happened on:
// console errors, uncaught errors, requests that fail or answer 400 and above, anything loaded from another
// host, links that leave the site's base path on its own host, links to files that are missing, and links
// to anchors (#id) that the target page does not have. Links to other hosts are collected, not followed.
// A page is opened in Chromium (a demo page until it says it is ready), except the generated pages past
// the first few of each folder of `readOnly` (the API reference's 250 pages of one template and one
// script): those are fetched and their links and anchors read from the HTML, the pages opened standing
// for their scripts. Opening them all took 110 of the crawl's 125 s.
import type { Page } from 'playwright-core';
import type { Browser } from './browser';

export interface SiteCrawl {
  /** The pages visited, as paths below the site's base (`docs/guide/index.html`). */
  pages: string[];
  /** Those of them read from their HTML, not opened. */
  read: string[];
  /** What went wrong, each with its page. */
  problems: string[];
  /** Each link to another host, with the pages that have it. */
  external: Map<string, string[]>;
}

interface Link {
  from: string;
  to: URL;
}

/** Folders (below the site's base) whose pages past the first `opened` are read, not opened. */
export interface ReadOnlyFolders {
  below: string;
  opened: number;
}

/** What the tabs share while they walk. */
interface Walk {
  siteUrl: string;
  readOnly?: ReadOnlyFolders;
  /** Per folder of `readOnly`, the pages opened in it so far. */
  openedIn: Map<string, number>;
  read: string[];
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's value as written in HTML, its character references replaced. */
function attributeText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The links and anchors of a generated page's HTML, as readPage finds them in the browser: the href of
 * each <a> resolved against the page, the ids of all elements and the names of <a>. The generator writes
 * every attribute value in double quotes.
 */
function readHtml(html: string, pageUrl: string) {
  const links = [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/gi)].map((m) => new URL(attributeText(m[1]!), pageUrl).href);
  const ids = [...html.matchAll(/<[a-z][^>]*?\sid="([^"]*)"/gi)].map((m) => attributeText(m[1]!));
  const names = [...html.matchAll(/<a\s[^>]*?\bname="([^"]*)"/gi)].map((m) => attributeText(m[1]!));
  return { links, anchors: [...ids, ...names] };
}

/** Whether the page at `path` is to be read rather than opened (past the first few of a `readOnly` folder). */
function readOnlyPage(walk: Walk, path: string): boolean {
  if (!walk.readOnly || !path.startsWith(walk.readOnly.below)) return false;
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const opened = walk.openedIn.get(folder) ?? 0;
  if (opened >= walk.readOnly.opened) return true;
  walk.openedIn.set(folder, opened + 1);
  return false;
}

/** Fetches a page without opening it: it must answer, and its links and anchors are read from the HTML. */
async function readWithoutOpening(walk: Walk, url: string, path: string) {
  const response = await fetch(url);
  const html = await response.text();
  walk.read.push(path);
  if (!response.ok) walk.problems.push(`${path}: ${response.status} for ${url}`);
  return readHtml(html, url);
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
      let found;
      if (readOnlyPage(walk, current)) {
        found = await readWithoutOpening(walk, url, current);
      } else {
        await page.goto(url, { waitUntil: 'load' });
        if (current.startsWith('demo/')) await demoReady(page);
        found = await readPage(page);
      }
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
 * Visits every page of the site at `siteUrl` (its base, ending in `/`) that links lead to from its
 * index.html, in `tabs` pages of `browser` at a time; pages of `readOnly` past the first few of their
 * folder are read from their HTML instead of opened.
 */
export async function crawlSite(browser: Browser, siteUrl: string, readOnly?: ReadOnlyFolders, tabs = 3): Promise<SiteCrawl> {
  const walk: Walk = {
    siteUrl,
    readOnly,
    openedIn: new Map(),
    read: [],
    queue: [`${siteUrl}index.html`],
    anchors: new Map(),
    links: [],
    problems: [],
    external: new Map(),
    busy: 0,
    aborted: new Map(),
  };
  const pages = await Promise.all(Array.from({ length: tabs }, () => browser.page()));
  try {
    await Promise.all(pages.map((page) => walkInTab(page, walk)));
  } finally {
    await Promise.all(pages.map((page) => page.close()));
  }
  await checkLinks(walk);
  return { pages: [...walk.anchors.keys()].map((url) => url.slice(siteUrl.length)), read: walk.read, problems: walk.problems, external: walk.external };
}
