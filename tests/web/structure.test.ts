// The structure rules of the code (STYLE.md, issue 34), checked on the source text: no function over
// 120 lines in cpp/ or web/lib/, and no import cycle among the modules of web/. The scanner lives in
// helpers/structure.ts; the first tests below show on small sources that it finds what it should.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { findFunctions, importCycles, importSpecifiers, languageOf, maskCode } from './helpers/structure';

const MAX_FUNCTION_LINES = 120;
const root = fileURLToPath(new URL('../..', import.meta.url));

// Functions over the limit that may stay for now (each with its reason). The test fails while an entry
// names a function that is no longer long, so the list only shrinks. Empty: every function is short.
const LONG_FUNCTIONS_ALLOWED: readonly { file: string; name: string }[] = [];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('web/lib/wasm/'))
    .sort();
}

const lines = (...rows: string[]) => rows.join('\n');
const filler = (count: number, row: string) => Array.from({ length: count }, () => row);

describe('the function scanner', () => {
  test('measures a C++ function from its signature to its closing brace, lambdas included', () => {
    const source = lines(
      'namespace a {',
      'template <typename T>',
      'int Box<T>::count(int x) const {',
      '  auto f = [&](int y) {',
      ...filler(130, '    y += 1;'),
      '  };',
      '  return f(x);',
      '}',
      'struct S { int n{0}; void g() {} };',
      '}',
    );
    expect(findFunctions(source, 'cpp')).toEqual([
      { name: 'Box<T>::count', startLine: 2, endLine: 137, lines: 136 },
      { name: 'g', startLine: 138, endLine: 138, lines: 1 },
    ]);
  });

  test('is not misled by braces in strings, characters, raw strings, comments and directives', () => {
    const source = lines(
      'Foo::Foo(int a) : a_{a}, b_("{") {',
      "  char c = '{'; int big = 1'000'000;",
      '  const char* r = R"x(}})x"; // }',
      '  /* } */',
      '#define OPEN {',
      '}',
      'void after() {}',
    );
    expect(findFunctions(source, 'cpp').map((f) => [f.name, f.startLine, f.endLine])).toEqual([
      ['Foo::Foo', 1, 6],
      ['after', 7, 7],
    ]);
  });

  test('finds TypeScript functions, methods and arrow functions past template literals and regexes', () => {
    const source = lines(
      'export function one(a: number): { b: number; c: string } {',
      '  const s = `}${a > 1 ? `{` : "}"}`;',
      '  const r = /[{]}/g;',
      '  return { b: a / 2, c: s + r.source };',
      '}',
      'export const table = {',
      '  two(x: string) {',
      '    return x;',
      '  },',
      '  three: async (y: number): Promise<number> => {',
      '    return y;',
      '  },',
      '};',
      'class C<T extends { n: number }> {',
      '  #n = 0;',
      '  get four(): number {',
      '    return this.#n;',
      '  }',
      '}',
    );
    expect(findFunctions(source, 'ts').map((f) => [f.name, f.startLine, f.endLine])).toEqual([
      ['one', 1, 5],
      ['two', 7, 9],
      ['three (lambda)', 10, 12],
      ['four', 16, 18],
    ]);
  });

  test('blanks comments and literals but keeps line breaks', () => {
    const masked = maskCode("a('{'); // }\nb(`x${c}`);", 'ts');
    expect(masked).toBe("a(' ');     \nb(` ${c}`);");
  });
});

describe('the import scanner', () => {
  test('reads static, type-only, re-exported and dynamic imports, and no commented ones', () => {
    const source = lines(
      "import { a } from './a';",
      "import type {",
      '  B,',
      "} from './b.ts';",
      "export { c } from './c';",
      "import './d';",
      "const e = await import('./e');",
      "// import { f } from './f';",
      "const g = 'import { g } from \"./g\"';",
    );
    expect(importSpecifiers(source)).toEqual(['./a', './b.ts', './c', './d', './e']);
  });

  test('finds a cycle, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b', 'x']],
      ['b', ['c']],
      ['c', ['a']],
      ['x', []],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    graph.set('c', []);
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('the code', () => {
  test(`has no function over ${MAX_FUNCTION_LINES} lines in cpp/ and web/lib/ but the allowed ones`, () => {
    const long: string[] = [];
    const allowedStillLong = new Set<string>();
    for (const file of [...filesUnder('cpp', /\.(cpp|h)$/), ...filesUnder('web/lib', /\.(ts|mts|cts)$/)]) {
      for (const fn of findFunctions(readFileSync(join(root, file), 'utf8'), languageOf(file))) {
        if (fn.lines <= MAX_FUNCTION_LINES) continue;
        const allowed = LONG_FUNCTIONS_ALLOWED.find((a) => a.file === file && a.name === fn.name);
        if (allowed) allowedStillLong.add(`${file} ${fn.name}`);
        else long.push(`${file}:${fn.startLine}: ${fn.name} has ${fn.lines} lines`);
      }
    }
    expect(long).toEqual([]);
    const noLongerLong = LONG_FUNCTIONS_ALLOWED.map((a) => `${a.file} ${a.name}`).filter((a) => !allowedStillLong.has(a));
    expect(noLongerLong, 'allowed but no longer long: take them out of LONG_FUNCTIONS_ALLOWED').toEqual([]);
  });

  // Every import counts, type-only ones too: they are erased at run time, but they still tie two modules
  // together (neither can be read, moved or split alone), and so far breaking them has taken no more
  // than moving a type to the module it describes. import() counts as well.
  test('has no import cycle among the modules of web/', () => {
    const files = filesUnder('web', /\.(ts|mts|cts)$/);
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const imported: string[] = [];
      for (const specifier of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = resolveModule(join(dirname(file), specifier), known);
        if (target) imported.push(target);
      }
      graph.set(file, imported);
    }
    expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});

// The module file a relative specifier names: as written, with its TypeScript extension for a .js one,
// or with one added (the demo imports without extensions). Generated files (web/lib/wasm) stay unknown.
function resolveModule(path: string, known: Set<string>): string | undefined {
  const base = relative(root, resolve(root, path));
  const typed = base.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts');
  const candidates = [base, typed, `${base}.ts`, `${base}.mts`, `${base}.d.ts`, join(base, 'index.ts')];
  return candidates.find((candidate) => known.has(candidate));
}
