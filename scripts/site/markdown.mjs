// Markdown to HTML for the site, with markdown-it (CommonMark and GitHub's tables), plus what the pages
// need beyond it: headings carry GitHub's anchors (the docs link to `#limits`, `errors.md#...`), every
// link and image goes through the caller's resolver (which turns repository paths into site paths), and
// wide tables scroll on their own. Raw HTML is kept: the docs are ours (docs/errors.md marks its messages
// with comments and names an anchor with <a id>). Bare URLs stay text: the docs write local addresses
// (http://127.0.0.1:5173/) that are not meant as links.
import MarkdownIt from 'markdown-it';

/**
 * GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen; a repeated anchor
 * gets -1, -2, ... in the order of the page.
 * @param {string} text the heading's text
 * @param {Map<string, number>} taken the anchors of the page so far, with how often each came
 */
export function anchorOf(text, taken) {
  const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
  const seen = taken.get(base) ?? 0;
  taken.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

/** The plain text of an inline token: its text and code spans, without the marks of emphasis. */
function plainText(inline) {
  return inline.children
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');
}

function headingAnchors(state) {
  const taken = new Map();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = plainText(state.tokens[i + 1]);
    token.attrSet('id', anchorOf(text, taken));
    if (token.tag === 'h1' && state.env.title === undefined) state.env.title = text;
  });
}

function resolvedLinks(state) {
  for (const block of state.tokens) {
    if (block.type !== 'inline') continue;
    const line = block.map ? block.map[0] + 1 : 0;
    for (const token of block.children) {
      if (token.type === 'link_open') token.attrSet('href', state.env.resolve(token.attrGet('href'), line));
      if (token.type === 'image') token.attrSet('src', state.env.resolve(token.attrGet('src'), line));
    }
  }
}

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });
markdown.core.ruler.push('heading_anchors', headingAnchors);
markdown.core.ruler.push('resolved_links', resolvedLinks);
markdown.renderer.rules.table_open = () => '<div class="table"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';

/**
 * Renders one Markdown document.
 * @param {string} text the Markdown
 * @param {(href: string, line: number) => string} resolve turns each link's or image's target (and the line
 *   of the block it is in) into the href the page uses
 * @returns {{ html: string, title: string | undefined }} the body, and the text of the first level-1 heading
 */
export function renderMarkdown(text, resolve) {
  const env = { resolve, title: undefined };
  const html = markdown.render(text, env);
  return { html, title: env.title };
}

export const escapeHtml = markdown.utils.escapeHtml;
