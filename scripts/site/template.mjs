// The page around each document of the site: a header with the site's parts (guide, API reference, demo
// pages, errors, changes), the document, and, in the guide, the chapters beside it with the previous and
// next chapter below it, as in a book. Plain HTML and one style sheet; no script.
import { escapeHtml } from './markdown.mjs';
import { hrefBetween, sitePathOf } from './paths.mjs';

/**
 * The site's parts, in the order of the header: a document of the repository (its Markdown file), or a page
 * that the build generates (its site path).
 */
const SITE_PARTS = [
  { document: 'docs/guide/README.md', label: 'Guide' },
  { sitePath: 'reference/index.html', label: 'API reference' },
  { sitePath: 'demo/index.html', label: 'Demo' },
  { sitePath: 'demo/learn.html', label: 'Learn' },
  { sitePath: 'demo/world.html', label: 'Worlds' },
  { document: 'docs/errors.md', label: 'Errors' },
  { document: 'CHANGELOG.md', label: 'Changes' },
];

/** The document that says how to serve the site, linked from every footer. */
const ABOUT_SITE = 'docs/site.md';

/** The documents that every page links to: the site holds them whatever else links to them. */
export const TEMPLATE_DOCUMENTS = [...SITE_PARTS.flatMap((part) => part.document ?? []), ABOUT_SITE];

/**
 * @typedef {{ sitePath: string, title: string }} Chapter
 * @typedef {{ contents: Chapter, chapters: Chapter[] }} Book the guide: its contents page and its chapters in order
 */

/** An <a> from the page at `from` to the site path `to`; `attributes` as written, with a leading space. */
function link(from, to, text, attributes = '') {
  return `<a href="${escapeHtml(hrefBetween(from, to))}"${attributes}>${escapeHtml(text)}</a>`;
}

const current = (here, sitePath) => (here === sitePath ? ' aria-current="page"' : '');

function siteHeader(sitePath) {
  const parts = SITE_PARTS.map((part) => {
    const to = part.sitePath ?? sitePathOf(part.document);
    return link(sitePath, to, part.label, current(sitePath, to));
  });
  return `<header class="site-header">
    ${link(sitePath, 'index.html', 'hpastar', ' class="brand"')}
    <nav aria-label="site">
      ${parts.join('\n      ')}
    </nav>
  </header>`;
}

function chapterList(sitePath, book) {
  const items = [book.contents, ...book.chapters].map((c) => `<li>${link(sitePath, c.sitePath, c.title, current(sitePath, c.sitePath))}</li>`);
  return `<nav class="chapters" aria-label="chapters">
      <ol>
        ${items.join('\n        ')}
      </ol>
    </nav>`;
}

function pager(sitePath, book) {
  const order = [book.contents, ...book.chapters];
  const at = order.findIndex((c) => c.sitePath === sitePath);
  const previous = order[at - 1];
  const next = order[at + 1];
  return `<nav class="pager" aria-label="previous and next chapter">
        ${previous ? link(sitePath, previous.sitePath, `← ${previous.title}`, ' rel="prev"') : '<span></span>'}
        ${next ? link(sitePath, next.sitePath, `${next.title} →`, ' rel="next"') : '<span></span>'}
      </nav>`;
}

/**
 * A whole page of the site.
 * @param {{ sitePath: string, title: string, body: string, version: string, book?: Book }} page `book` when
 *   the page is one of the guide's
 */
export function renderPage({ sitePath, title, body, version, book }) {
  const inBook = book !== undefined;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · hpastar</title>
  <link rel="icon" href="${escapeHtml(hrefBetween(sitePath, 'favicon.svg'))}">
  <link rel="stylesheet" href="${escapeHtml(hrefBetween(sitePath, 'site.css'))}">
</head>
<body>
  ${siteHeader(sitePath)}
  <div class="layout${inBook ? ' book' : ''}">
    ${inBook ? chapterList(sitePath, book) : ''}
    <main>
${body}
      ${inBook ? pager(sitePath, book) : ''}
    </main>
  </div>
  <footer class="site-footer">
    hpastar ${escapeHtml(version)} · ${link(sitePath, sitePathOf(ABOUT_SITE), 'About this site and how to serve it')}
  </footer>
</body>
</html>
`;
}
