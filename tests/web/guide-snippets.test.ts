// Every TypeScript snippet of the guide (docs/guide/*.md, each ```ts block) and the README's first code block
// runs here, in Node against the built wasm module, as a reader would paste it: each block is written to a
// file of its own whose package imports ('hpastar', 'hpastar/grid', 'hpastar/inspect', 'hpastar/inline',
// 'hpastar/maps/NAME.map.js') point at the repository's sources, then imported; any exception fails it.
// A line `console.log(...); // prints: TEXT` says what that call prints: the lines a snippet logs must be
// those, in order. A block whose info string is `ts no-run` needs a browser (canvas, DOM, headers): it is
// only parsed, and counted, so that they stay few.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { codeBlocks } from './helpers/codeBlocks';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = `${ROOT}docs/guide/`;
const OUT = `${ROOT}tests/web/.guide-snippets/`;
const MAX_NO_RUN = 4;

const chapters = readdirSync(GUIDE).filter((f) => /^\d\d-.+\.md$/.test(f)).sort();
const guideSnippets = chapters.flatMap((f) => codeBlocks(`docs/guide/${f}`, readFileSync(`${GUIDE}${f}`, 'utf8')));
const tsSnippets = guideSnippets.filter((s) => s.info.split(/\s+/)[0] === 'ts');
const readmeFirst = codeBlocks('README.md', readFileSync(`${ROOT}README.md`, 'utf8'))[0]!;
const runnable = [readmeFirst, ...tsSnippets.filter((s) => !s.info.split(/\s+/).includes('no-run'))];
const noRun = tsSnippets.filter((s) => s.info.split(/\s+/).includes('no-run'));

/** The package's import specifiers, pointed at the repository. */
function rewriteImports(code: string): string {
  return code.replace(/from '(hpastar(?:\/[^']*)?)'/g, (_, spec: string) => {
    if (spec === 'hpastar') return `from '${ROOT}web/lib/index.ts'`;
    if (spec === 'hpastar/inspect') return `from '${ROOT}web/lib/inspect.ts'`;
    if (spec === 'hpastar/inline') return `from '${ROOT}web/lib/inline.ts'`;
    if (spec === 'hpastar/grid') return `from '${ROOT}web/lib/gridModule.ts'`;
    const map = /^hpastar\/maps\/([\w.-]+\.map)\.js$/.exec(spec);
    if (map) return `from '${OUT}maps/${map[1]}.js'`;
    throw new Error(`unknown package specifier ${spec}: not in package.json's exports`);
  });
}

/** What `// prints: ...` comments expect, in order. */
function expectedOutput(code: string): string[] {
  return [...code.matchAll(/\/\/ prints: (.*)$/gm)].map((m) => m[1]!.trimEnd());
}

mkdirSync(`${OUT}maps`, { recursive: true });
for (const name of readdirSync(`${ROOT}maps`).filter((f) => f.endsWith('.map'))) {
  writeFileSync(`${OUT}maps/${name}.js`, `export default ${JSON.stringify(readFileSync(`${ROOT}maps/${name}`, 'utf8'))};\n`);
}
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the guide', () => {
  test('has its chapters, each with a snippet that runs', () => {
    expect(chapters.length).toBeGreaterThanOrEqual(11);
    for (const f of chapters) {
      const own = tsSnippets.filter((s) => s.file === `docs/guide/${f}` && !s.info.includes('no-run'));
      expect(own.length, `${f} has no runnable ts snippet`).toBeGreaterThan(0);
    }
  });

  test('the README\'s first code block is TypeScript importing the package by name', () => {
    expect(readmeFirst.info).toBe('ts');
    expect(readmeFirst.code).toMatch(/from 'hpastar'/);
    expect(readmeFirst.code.trim().split('\n').length).toBeLessThanOrEqual(12);
  });

  test(`browser-only snippets stay few (at most ${MAX_NO_RUN}) and parse`, () => {
    expect(noRun.length).toBeLessThanOrEqual(MAX_NO_RUN);
    for (const s of noRun) {
      const out = ts.transpileModule(s.code, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
      expect(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), `${s.file}:${s.line}`).toEqual([]);
    }
  });

  test.each(runnable.map((s, i) => [`${s.file}:${s.line}`, i] as const))('%s runs', async (_, i) => {
    const s = runnable[i]!;
    const file = `${OUT}${s.file.replace(/[/.]/g, '_')}_${s.line}.ts`;
    writeFileSync(file, rewriteImports(s.code));
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { breakLength: Infinity }))).join(' '));
    });
    try {
      await import(/* @vite-ignore */ pathToFileURL(file).href);
    } finally {
      log.mockRestore();
    }
    const expected = expectedOutput(s.code);
    if (expected.length > 0) expect(printed.map((l) => l.trimEnd())).toEqual(expected);
  });
});
