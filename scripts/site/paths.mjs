// Where a file of the repository lands in the site, and the relative href from one page of the site to
// another. Every link of the site is relative, so that build/site/ works under any base path (a GitHub
// Pages project path, a sub-folder of a host) and from file://.
import path from 'node:path';

const posix = path.posix;

/**
 * The site path of a repository file: a folder's README.md becomes its index.html (so that a link to the
 * folder lands on it), another Markdown file NAME.html, a folder without a README (`bench/results/`, with
 * its slash) the index.html that lists its Markdown files, any other file keeps its path.
 * @param {string} repoPath a path relative to the repository root, with forward slashes
 */
export function sitePathOf(repoPath) {
  if (repoPath.endsWith('/')) return `${repoPath}index.html`;
  if (posix.basename(repoPath) === 'README.md') return posix.join(posix.dirname(repoPath), 'index.html');
  if (repoPath.endsWith('.md')) return `${repoPath.slice(0, -'.md'.length)}.html`;
  return repoPath;
}

/**
 * The href that leads from the page at `fromSitePath` to `toSitePath` (both relative to the site's root).
 * @param {string} fromSitePath
 * @param {string} toSitePath
 */
export function hrefBetween(fromSitePath, toSitePath) {
  return posix.relative(posix.dirname(fromSitePath), toSitePath) || posix.basename(toSitePath);
}

/** A link that leaves the site: a scheme (`https:`, `mailto:`) or a protocol-relative `//host`. */
export function isExternal(href) {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}
