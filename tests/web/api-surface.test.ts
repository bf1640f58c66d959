// docs/api.md lists the public API of the package: every export of every entry point (package.json
// `exports`). This test keeps that list true: it fails when an entry point exports a name the page does
// not list, when the page lists a name that is not exported, when a line's kind is wrong (a class,
// function or constant must exist at run time; an interface or type must not), and when an entry of
// `exports` or a shipped map has no section or line on the page. The exports are read with the
// TypeScript compiler (types included) from the sources of the entries (web/lib/*.ts), and the values
// by importing them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
};
const page = readFileSync(path.join(root, 'docs/api.md'), 'utf8');

const VALUE_KINDS = ['class', 'function', 'constant'];
const KINDS = [...VALUE_KINDS, 'interface', 'type'];

/** The sections of the page: `## \`NAME\`` headings, each with its text up to the next `## `. */
function sections(): Map<string, string> {
  const out = new Map<string, string>();
  const parts = page.split(/^## /m).slice(1);
  for (const part of parts) {
    const heading = /^`([^`]+)`/.exec(part);
    if (heading) out.set(heading[1], part);
  }
  return out;
}

/** The lines `- \`Name\` (kind...): ...` of a section, by name. */
function listed(section: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of section.matchAll(/^- `([A-Za-z_$][\w$]*)` \(([a-z]+)/gm)) {
    expect(out.has(m[1]), `${m[1]} listed twice in one section`).toBe(false);
    out.set(m[1], m[2]);
  }
  return out;
}

/** The section heading of an entry of package.json `exports` (`.` is `hpastar`). */
function headingOf(key: string): string {
  if (key === './maps/*.js') return 'hpastar/maps/NAME.map.js';
  return key === '.' ? 'hpastar' : `hpastar${key.slice(1)}`;
}

/** The TypeScript source of an entry whose target is one file of dist/lib. */
function sourceOf(key: string): string | undefined {
  const target = pkg.exports[key];
  const file = typeof target === 'string' ? target : target.default;
  if (file.includes('*') || !file.startsWith('./dist/lib/') || !file.endsWith('.js')) return undefined;
  return path.join(root, 'web/lib', file.slice('./dist/lib/'.length).replace(/\.js$/, '.ts'));
}

const codeEntries = Object.keys(pkg.exports).filter((key) => sourceOf(key) !== undefined);

/** Every export of each code entry (types included), as the compiler sees it. */
function compilerExports(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.json does not parse');
  const files = codeEntries.map((key) => sourceOf(key)!);
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const key of codeEntries) {
    const source = program.getSourceFile(sourceOf(key)!);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`${key}: no module symbol`);
    out.set(key, checker.getExportsOfModule(symbol).map((s) => s.name).sort());
  }
  return out;
}

describe('docs/api.md lists the public API', () => {
  const bySection = sections();
  const exportsOf = compilerExports();

  test('every entry of package.json exports has its section, and every section an entry', () => {
    const headings = Object.keys(pkg.exports).map(headingOf).sort();
    const documented = [...bySection.keys()].filter((h) => h.startsWith('hpastar')).sort();
    // The command (`## The \`hpastar\` command`) is a section of its own, not an entry.
    expect(documented).toEqual(headings);
    expect(codeEntries.sort()).toEqual(['.', './grid', './inline', './inspect']);
  });

  test('each line names a known kind', () => {
    for (const [heading, text] of bySection) {
      for (const [name, kind] of listed(text)) expect(KINDS, `${heading}: ${name} (${kind})`).toContain(kind);
    }
  });

  test.each(['.', './inspect'])('"%s": the page lists exactly its exports', (key) => {
    const names = listed(bySection.get(headingOf(key))!);
    const exported = exportsOf.get(key)!;
    expect([...names.keys()].filter((n) => !exported.includes(n)), 'listed but not exported').toEqual([]);
    expect(exported.filter((n) => !names.has(n)), 'exported but not listed').toEqual([]);
  });

  test('"./inline" exports exactly what "." does (the page says so instead of listing them again)', () => {
    expect(exportsOf.get('./inline')).toEqual(exportsOf.get('.'));
    expect(bySection.get('hpastar/inline')).toMatch(/exactly the exports of `hpastar`/);
  });

  test('"./grid" exports exactly what "." does (the page says so instead of listing them again)', () => {
    expect(exportsOf.get('./grid')).toEqual(exportsOf.get('.'));
    expect(bySection.get('hpastar/grid')).toMatch(/exactly the exports of `hpastar`/);
  });

  test.each(['.', './inspect'])('"%s": classes, functions and constants exist at run time, types do not', async (key) => {
    const module = (await import(pathToFileURL(sourceOf(key)!).href)) as Record<string, unknown>;
    const runtime = Object.keys(module).sort();
    const names = listed(bySection.get(headingOf(key))!);
    const values = [...names].filter(([, kind]) => VALUE_KINDS.includes(kind)).map(([name]) => name).sort();
    expect(values).toEqual(runtime);
    for (const [name, kind] of names) {
      if (kind === 'class') expect(typeof module[name], name).toBe('function');
      if (kind === 'function') expect(typeof module[name], name).toBe('function');
    }
  });

  test('each shipped map has its module line, and no other map is listed', () => {
    const maps = pkg.files.filter((f) => /^maps\/[^/]+\.map$/.test(f)).map((f) => `hpastar/${f}.js`).sort();
    const text = bySection.get('hpastar/maps/NAME.map.js')!;
    const lines = [...text.matchAll(/^- `(hpastar\/maps\/[^`]+\.map\.js)`/gm)].map((m) => m[1]).sort();
    expect(lines).toEqual(maps);
  });
});
