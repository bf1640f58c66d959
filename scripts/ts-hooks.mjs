// Module hooks for register-ts.mjs: extensionless relative imports from .ts files resolve to .ts
// files, and .ts files are transpiled (types erased) by the TypeScript compiler.
//
// Transpiled output is cached on disk, keyed by a hash of the source, because loading the compiler
// costs about two seconds per process and the tests start the package's tool hundreds of times.
// The compiler is imported only on a cache miss. Entries are written to a temporary name and
// renamed, so processes running at once never read half a file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = fileURLToPath(new URL('../node_modules/.cache/hpastar-ts/', import.meta.url));
// Part of every cache key: change it when the transpile options below change.
const outputKind = 'ES2022 module, verbatimModuleSyntax';

export async function resolve(specifier, context, next) {
  if (/^\.\.?\//.test(specifier) && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]s$/.test(specifier)) {
    const url = new URL(`${specifier}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const source = await readFile(file, 'utf8');
  return { format: 'module', source: await transpiled(file, source), shortCircuit: true };
}

async function transpiled(file, source) {
  const key = createHash('sha256').update(outputKind).update(file).update('\0').update(source).digest('hex');
  const entry = path.join(cacheDir, `${key}.js`);
  try {
    return readFileSync(entry, 'utf8');
  } catch {
    // not cached yet
  }
  const { default: ts } = await import('typescript');
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${entry}.${process.pid}.tmp`;
    writeFileSync(temporary, outputText);
    renameSync(temporary, entry);
  } catch {
    // a read-only checkout still runs, only slower
  }
  return outputText;
}
