// The documents of the static site (scripts/site/, run by `npm run build:site`): headings get GitHub's
// anchors, links become relative links between the site's pages, folders and other files come along, and a
// broken link stops the build with its document and line. The whole site is checked in Chromium by
// tests/e2e/site.e2e.ts; these tests cover what that check cannot provoke: the refusals.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { collectDocuments, type MarkdownDocument } from '../../scripts/site/documents.mjs';
import { anchorOf } from '../../scripts/site/markdown.mjs';

let repo: string | undefined;

/** A repository in a temporary folder, holding `files` (path: text). */
function fakeRepository(files: Record<string, string>): string {
  repo = mkdtempSync(join(tmpdir(), 'hpastar-site-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  return repo;
}

afterEach(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
  repo = undefined;
});

describe('anchors', () => {
  test("are GitHub's: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    const taken = new Map<string, number>();
    expect(anchorOf('StartError: a pool that cannot start', taken)).toBe('starterror-a-pool-that-cannot-start');
    expect(anchorOf('SHPA*, HAA* and block worlds in a pool', taken)).toBe('shpa-haa-and-block-worlds-in-a-pool');
    expect(anchorOf('Shared or copied: COOP and COEP', taken)).toBe('shared-or-copied-coop-and-coep');
    expect(anchorOf('`maxSize` and agent_class', taken)).toBe('maxsize-and-agent_class');
    expect(anchorOf('Limits', taken)).toBe('limits');
    expect(anchorOf('Limits', taken)).toBe('limits-1');
  });
});

describe('collectDocuments', () => {
  test('follows links from the start: documents, folders, files; each link relative to its page', () => {
    const root = fakeRepository({
      'README.md': '# Home\n\n[part two](docs/guide.md#part-two), [results](bench/), [table](data/table.json), [web](https://example.org/)\n',
      'docs/guide.md': '# The guide\n\n## Part two\n\n[home](../README.md), [a](../bench/a.md#top)\n',
      'bench/a.md': '# Result A\n',
      'bench/b.md': '# Result B\n',
      'bench/notes.txt': 'not a document',
      'data/table.json': '{}',
      'unlinked.md': '# Nobody links here\n',
    });
    const { documents, files, externals } = collectDocuments(root, ['README.md']);
    expect([...documents.keys()].sort()).toEqual(['README.md', 'bench/', 'bench/a.md', 'bench/b.md', 'docs/guide.md']);
    expect([...files]).toEqual(['data/table.json']);
    expect([...externals]).toEqual(['https://example.org/']);
    const home = documents.get('README.md') as MarkdownDocument;
    expect(home.title).toBe('Home');
    expect(home.html).toContain('<a href="docs/guide.html#part-two">');
    expect(home.html).toContain('<a href="bench/index.html">');
    expect(home.html).toContain('<a href="data/table.json">');
    const guide = documents.get('docs/guide.md') as MarkdownDocument;
    expect(guide.html).toContain('<h2 id="part-two">Part two</h2>');
    expect(guide.html).toContain('<a href="../index.html">');
    expect(guide.html).toContain('<a href="../bench/a.html#top">');
    expect(documents.get('bench/')).toEqual({ kind: 'listing', repoPath: 'bench/', title: 'bench/', entries: ['bench/a.md', 'bench/b.md'] });
  });

  test("refuses a link to a missing file, out of the repository or from the host's root, and a page without a title, naming each", () => {
    const root = fakeRepository({
      'README.md': '# Home\n\nSome text.\n\nSee [this](missing.md) and\n[that](../../outside.md).\n\n[untitled](docs/untitled.md), [rooted](/docs/untitled.md)\n',
      'docs/untitled.md': 'No heading.\n',
    });
    expect(() => collectDocuments(root, ['README.md'])).toThrow(
      [
        'the documentation has broken links:',
        '  README.md:5: link missing.md: missing.md does not exist',
        '  README.md:5: link ../../outside.md leads out of the repository',
        "  README.md:8: link /docs/untitled.md starts at the host's root; write it relative to README.md",
        '  docs/untitled.md: no level-1 heading to title its page',
      ].join('\n'),
    );
  });
});
