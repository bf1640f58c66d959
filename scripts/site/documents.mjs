// The documentation of the site: every Markdown file reached by links from the start documents (the
// README, the guide), rendered, with each link turned into a relative link inside the site. A link to a
// folder lands on its README, or on a page that lists its Markdown files (`bench/results/`); a link to
// another file of the repository (a picture, a JSON report) copies that file into the site at the same
// path. A link to a file that does not exist, or outside the repository, stops the build and names the
// document and line.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { renderMarkdown } from './markdown.mjs';
import { hrefBetween, isExternal, sitePathOf } from './paths.mjs';

const posix = path.posix;

/**
 * @typedef {{ kind: 'markdown', repoPath: string, title: string, html: string }} MarkdownDocument
 * @typedef {{ kind: 'listing', repoPath: string, title: string, entries: string[] }} FolderListing
 * @typedef {MarkdownDocument | FolderListing} Document
 */

/** What a link of a document points at: the href to write, and the document or file it brings in. */
function resolveLink(root, from, href) {
  if (isExternal(href) || href.startsWith('#')) return { href };
  const hash = href.indexOf('#');
  const target = hash < 0 ? href : href.slice(0, hash);
  const fragment = hash < 0 ? '' : href.slice(hash);
  // A path from the host's root would break under a base path: links are relative to their document.
  if (target.startsWith('/')) throw new Error(`${href} starts at the host's root; write it relative to ${from}`);
  const repoPath = posix.normalize(posix.join(posix.dirname(from), decodeURIComponent(target)));
  if (repoPath === '..' || repoPath.startsWith('../')) throw new Error(`${href} leads out of the repository`);
  const full = path.join(root, repoPath);
  if (!existsSync(full)) throw new Error(`${href}: ${repoPath} does not exist`);
  let document;
  if (statSync(full).isDirectory()) {
    const folder = repoPath === './' || repoPath === '.' ? '' : repoPath.replace(/\/?$/, '/'); // '' for the root
    document = existsSync(path.join(full, 'README.md')) ? `${folder}README.md` : folder;
  } else if (repoPath.endsWith('.md')) {
    document = repoPath;
  }
  const sitePath = sitePathOf(document ?? repoPath);
  return { href: hrefBetween(sitePathOf(from), sitePath) + fragment, document, file: document ? undefined : repoPath };
}

/**
 * Renders the Markdown file `repoPath`, reporting each document and file its links bring in.
 * @returns {MarkdownDocument}
 */
function markdownDocument(root, repoPath, bringIn, problems) {
  const text = readFileSync(path.join(root, repoPath), 'utf8');
  const { html, title } = renderMarkdown(text, (href, line) => {
    try {
      const link = resolveLink(root, repoPath, href);
      bringIn(link);
      return link.href;
    } catch (error) {
      problems.push(`${repoPath}:${line}: link ${error.message}`);
      return href;
    }
  });
  if (title === undefined) problems.push(`${repoPath}: no level-1 heading to title its page`);
  return { kind: 'markdown', repoPath, title: title ?? repoPath, html };
}

/**
 * The page of a folder without a README: its Markdown files, each brought in.
 * @returns {FolderListing}
 */
function folderListing(root, folder, bringIn) {
  const entries = readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}${name}`);
  for (const document of entries) bringIn({ document });
  return { kind: 'listing', repoPath: folder, title: folder, entries };
}

/**
 * Every document reached from `starts`, rendered.
 * @param {string} root the repository's root
 * @param {readonly string[]} starts repository paths of the documents the site begins with
 * @returns {{ documents: Map<string, Document>, files: Set<string>, externals: Set<string> }} the documents
 *   by repository path; the other files to copy; the links that leave the site
 * @throws Error listing every broken link
 */
export function collectDocuments(root, starts) {
  const documents = new Map();
  const files = new Set();
  const externals = new Set();
  const problems = [];
  const queue = [...starts];
  const bringIn = (link) => {
    if (link.document) queue.push(link.document);
    if (link.file) files.add(link.file);
    if (link.href && isExternal(link.href)) externals.add(link.href);
  };
  while (queue.length > 0) {
    const repoPath = queue.shift();
    if (documents.has(repoPath)) continue;
    const document = repoPath.endsWith('/') ? folderListing(root, repoPath, bringIn) : markdownDocument(root, repoPath, bringIn, problems);
    documents.set(repoPath, document);
  }
  if (problems.length > 0) throw new Error(`the documentation has broken links:\n  ${problems.join('\n  ')}`);
  return { documents, files, externals };
}
