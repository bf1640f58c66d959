// Turns the worker-side TypeScript of the pool (web/lib/pool/*.mts and *.cts) into the JavaScript that
// worker threads and Web Workers load (*.mjs and *.cjs beside them). Workers cannot load TypeScript
// (Node 20 does not strip types), and these files import only types from the rest of web/lib, so a
// file-by-file transpile is enough; `tsc --noEmit` type-checks the sources with everything else.
// Run by `npm run build:wasm` and by the vitest global setup; prints nothing when all is up to date.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const dir = fileURLToPath(new URL('../web/lib/pool/', import.meta.url));

export function buildWorkers({ quiet = false } = {}) {
  let built = 0;
  for (const name of readdirSync(dir)) {
    const cjs = name.endsWith('.cts');
    if (!cjs && !name.endsWith('.mts')) continue;
    const source = dir + name;
    const target = dir + name.replace(/\.([cm])ts$/, '.$1js');
    let upToDate = false;
    try {
      upToDate = statSync(target).mtimeMs >= statSync(source).mtimeMs &&
        statSync(target).mtimeMs >= statSync(fileURLToPath(import.meta.url)).mtimeMs;
    } catch {
      // no target yet
    }
    if (upToDate) continue;
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(source, 'utf8'), {
      fileName: name,
      reportDiagnostics: true,
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: cjs ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
        verbatimModuleSyntax: !cjs,
        removeComments: false,
      },
    });
    if (diagnostics?.length) {
      throw new Error(ts.formatDiagnostics(diagnostics, {
        getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n',
      }));
    }
    writeFileSync(target, `// Generated from ${name} by scripts/build-workers.mjs: edit that file, not this one.\n${outputText}`);
    built++;
  }
  if (built && !quiet) console.log(`build-workers: ${built} file(s) in web/lib/pool`);
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildWorkers();
