// The fenced code blocks of a Markdown text, read line by line: what the guide's snippet test runs
// (tests/web/guide-snippets.test.ts) and what the site's check compares the rendered pages with
// (tests/e2e/site.e2e.ts), so that both hold the same text.

export interface CodeBlock {
  file: string; // where it comes from, for a test's name
  line: number; // the line of its opening fence
  info: string; // the fence's info string, e.g. `ts no-run`
  code: string; // its lines, each with the fence's indentation removed, and a final newline
}

/** The fenced code blocks of `text` (the Markdown file `file`), with their info strings. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  const found: CodeBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) body.push(lines[j++]!.slice(indent));
    found.push({ file, line: i + 1, info: open[2]!.trim(), code: body.join('\n') + '\n' });
    i = j;
  }
  return found;
}
