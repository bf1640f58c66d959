// Builds the project's static site into build/site/ (run by `npm run build:site`):
//   index.html, docs/, bench/results/, ...  the README, the guide and every document they link to, each
//                                           at its repository path (README.md -> index.html, X.md -> X.html)
//   reference/                              the API reference: TypeDoc over the package's entries (typedoc.json)
//   demo/                                   the demo's pages (index.html, learn.html, world.html) and assets (Vite)
//   site.css, favicon.svg                   the documents' style and the site's icon
// Every link is relative, so the folder can be copied to any static host under any path. Shared-mode
// worker pools need two headers on every file (docs/site.md says which, and what happens without them).
// Needs the wasm modules in web/lib/wasm (`npm run build:wasm`); compiles nothing else.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectDocuments } from './site/documents.mjs';
import { escapeHtml } from './site/markdown.mjs';
import { hrefBetween, sitePathOf } from './site/paths.mjs';
import { renderPage, TEMPLATE_DOCUMENTS } from './site/template.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'build/site');
const GUIDE = 'docs/guide/';
// Folders of the site that the documents and their files must leave to the demo and the reference.
const GENERATED = ['demo/', 'reference/'];

function checkPlace(repoPath, sitePath) {
  if (GENERATED.some((folder) => sitePath.startsWith(folder))) {
    throw new Error(`build:site: ${repoPath} would land in ${sitePath}, inside a part of the site that is generated`);
  }
}

function run(what, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build:site: ${what} failed:\n${result.stdout}${result.stderr}`);
}

function buildDemo() {
  run('vite build', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', path.join(out, 'demo'), '--emptyOutDir', '--logLevel', 'warn']);
}

// The reference's header links back to the site. TypeDoc writes such a link as given on every page, at every
// depth, so the links are given with a placeholder and made relative to each page afterwards.
const TO_SITE = 'hpastar-site:';
const REFERENCE_LINKS = { Home: sitePathOf('README.md'), Guide: sitePathOf(`${GUIDE}README.md`), Demo: 'demo/index.html' };

/** Replaces the placeholders of the reference's links back to the site with relative links. */
function linkReferenceToSite() {
  const folder = path.join(out, 'reference');
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(TO_SITE)) continue;
    if (!entry.name.endsWith('.html')) throw new Error(`build:site: TypeDoc wrote a link back to the site into ${file}, which is not a page`);
    const sitePath = path.relative(out, file).split(path.sep).join('/');
    writeFileSync(file, text.replaceAll(new RegExp(`href="${TO_SITE}([^"]*)"`, 'g'), (_, to) => `href="${hrefBetween(sitePath, to)}"`));
  }
}

// The reference documents what the entries export. `npm run docs:api` also fails on a type that an export
// mentions but no entry exports; here such a type is shown by its name, without a page of its own, so that
// the site does not wait on it. Broken {@link}s still fail.
function buildReference() {
  const optionsFolder = mkdtempSync(path.join(tmpdir(), 'hpastar-site-'));
  const options = path.join(optionsFolder, 'typedoc.json');
  const navigationLinks = Object.fromEntries(Object.entries(REFERENCE_LINKS).map(([label, to]) => [label, TO_SITE + to]));
  writeFileSync(options, JSON.stringify({ extends: [path.join(root, 'typedoc.json')], navigationLinks }));
  try {
    run('typedoc', [
      path.join(root, 'node_modules/typedoc/bin/typedoc'),
      '--options', options,
      '--out', path.join(out, 'reference'),
      '--readme', 'none',
      '--favicon', path.join(root, 'scripts/site/favicon.svg'),
      '--validation.notExported', 'false',
      '--logLevel', 'Warn',
    ]);
  } finally {
    rmSync(optionsFolder, { recursive: true, force: true });
  }
  linkReferenceToSite();
}

/** The guide's chapters, in order: docs/guide/NN-*.md. */
function guideChapters() {
  return readdirSync(path.join(root, GUIDE)).filter((name) => /^\d\d-.+\.md$/.test(name)).sort().map((name) => GUIDE + name);
}

function listingBody(listing, documents, sitePath) {
  const items = listing.entries.map((repoPath) => {
    const href = escapeHtml(hrefBetween(sitePath, sitePathOf(repoPath)));
    return `<li><a href="${href}">${escapeHtml(documents.get(repoPath).title)}</a> (<code>${escapeHtml(path.posix.basename(repoPath))}</code>)</li>`;
  });
  return `<h1><code>${escapeHtml(listing.repoPath)}</code></h1>\n<ul>\n${items.join('\n')}\n</ul>\n`;
}

function writeFile(sitePath, text) {
  const file = path.join(out, sitePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function writeDocuments(version) {
  const chapters = guideChapters();
  const { documents, files, externals } = collectDocuments(root, ['README.md', ...chapters, ...TEMPLATE_DOCUMENTS]);
  const chapterOf = (repoPath) => ({ sitePath: sitePathOf(repoPath), title: documents.get(repoPath).title });
  const book = { contents: chapterOf(`${GUIDE}README.md`), chapters: chapters.map(chapterOf) };
  for (const document of documents.values()) {
    const sitePath = sitePathOf(document.repoPath);
    checkPlace(document.repoPath, sitePath);
    const body = document.kind === 'markdown' ? document.html : listingBody(document, documents, sitePath);
    const inGuide = document.repoPath.startsWith(GUIDE) && !document.repoPath.slice(GUIDE.length).includes('/');
    writeFile(sitePath, renderPage({ sitePath, title: document.title, body, version, book: inGuide ? book : undefined }));
  }
  for (const repoPath of files) {
    checkPlace(repoPath, repoPath);
    mkdirSync(path.dirname(path.join(out, repoPath)), { recursive: true });
    copyFileSync(path.join(root, repoPath), path.join(out, repoPath));
  }
  for (const name of ['site.css', 'favicon.svg']) copyFileSync(path.join(root, 'scripts/site', name), path.join(out, name));
  return { documents: documents.size, files: files.size, externals: externals.size };
}

const started = performance.now();
if (!existsSync(path.join(root, 'web/lib/wasm/hpastar.wasm'))) {
  console.error('build:site: web/lib/wasm/ has no module: run "npm run build:wasm" first');
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
try {
  const written = writeDocuments(version); // first: a broken link stops the build at once
  buildDemo();
  buildReference();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`build:site: build/site/ in ${seconds} s: ${written.documents} documents, ${written.files} other files, the API reference, the demo; ${written.externals} links leave the site`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
