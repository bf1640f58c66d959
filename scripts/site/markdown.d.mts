// Typings of markdown.mjs, for tests/web/site-build.test.ts.
/** GitHub's anchor for a heading's text; `taken` counts the anchors of the page so far. */
export function anchorOf(text: string, taken: Map<string, number>): string;
/** One Markdown document as HTML, each link's target passed through `resolve`; its first level-1 heading. */
export function renderMarkdown(text: string, resolve: (href: string, line: number) => string): { html: string; title: string | undefined };
export function escapeHtml(text: string): string;
