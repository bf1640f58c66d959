// Builds the npm package's files in dist/lib (run by `npm run build:lib`, and by `npm pack` through
// the prepack script):
//   dist/lib/**/*.js, *.d.ts   web/lib/**/*.ts compiled by tsc (tsconfig.build.json; `.ts` imports become `.js`),
//                              the entries among them: index (`hpastar`), gridModule (`hpastar/grid`), inline
//                              (`hpastar/inline`) and inspect (`hpastar/inspect`), each checked against package.json `exports`
//   dist/lib/pool/*.mjs, *.cjs the pool's workers, generated from web/lib/pool/*.mts, *.cts (build-workers.mjs)
//   dist/lib/wasm/             the Emscripten modules built by `npm run build:wasm`, as they are
//   dist/lib/wasm-module.d.ts  the typings of the raw modules, referenced by the .d.ts files that use them
//   dist/lib/maps/NAME.map.js  each map the package ships (package.json `files`) as a module whose default
//                              export is the map's text, with its .d.ts: `import text from
//                              'hpastar/maps/den520d.map.js'` works in Node, in Vite dev and build and in
//                              browsers without a bundler, where `.map?raw` fails under `vite` dev (Vite
//                              answers every URL ending in `.map` as a source map)
// The wasm modules are not built here (that needs Emscripten): build them first.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorkers } from './build-workers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lib = path.join(root, 'web/lib');
const out = path.join(root, 'dist/lib');

const WASM_FILES = ['hpastar.mjs', 'hpastar.wasm', 'hpastar-inline.mjs', 'hpastar-mt.mjs', 'hpastar-mt.wasm', 'hpastar-mt.worker.js',
  'hpastar-grid.mjs', 'hpastar-grid.wasm', 'hpastar-grid-mt.mjs', 'hpastar-grid-mt.wasm', 'hpastar-grid-mt.worker.js', 'package.json'];
const OPTIONAL_WASM_FILES = [];

const missing = WASM_FILES.filter((f) => !existsSync(path.join(lib, 'wasm', f)));
if (missing.length) {
  console.error(`build-lib: web/lib/wasm/ lacks ${missing.join(', ')}: run "npm run build:wasm" first`);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });

buildWorkers({ quiet: true });
mkdirSync(path.join(out, 'pool'), { recursive: true });
for (const name of readdirSync(path.join(lib, 'pool'))) {
  if (/\.(mjs|cjs)$/.test(name)) copyFileSync(path.join(lib, 'pool', name), path.join(out, 'pool', name));
}
mkdirSync(path.join(out, 'wasm'), { recursive: true });
for (const name of [...WASM_FILES, ...OPTIONAL_WASM_FILES]) {
  const from = path.join(lib, 'wasm', name);
  if (existsSync(from)) copyFileSync(from, path.join(out, 'wasm', name));
}

// The shipped maps as modules (see the header); the .map files themselves ship too, as they are.
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
mkdirSync(path.join(out, 'maps'), { recursive: true });
for (const file of pkg.files.filter((f) => /^maps\/[^/]+\.map$/.test(f))) {
  const name = path.basename(file);
  const text = readFileSync(path.join(root, file), 'utf8');
  const note = `// ${name} of the hpastar package (maps/README.md names its source), as a module: its default export is\n` +
    `// the file's text, for parseMovingAIMap(text, '${name}') or createPathPool({ map: text }).\n`;
  writeFileSync(path.join(out, 'maps', `${name}.js`), `${note}const text = ${JSON.stringify(text)};\nexport default text;\n`);
  writeFileSync(path.join(out, 'maps', `${name}.d.ts`),
    `/** The text of ${name} (Moving AI format), for \`parseMovingAIMap(text, '${name}')\` or \`createPathPool({ map: text })\`. */\n` +
    'declare const text: string;\nexport default text;\n');
}

// The raw module typings ('hpastar:raw') are an ambient declaration file, which tsc does not emit:
// ship it, and point every declaration file that imports from it at it.
copyFileSync(path.join(lib, 'wasm-module.d.ts'), path.join(out, 'wasm-module.d.ts'));
const files = (dir) => readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? files(path.join(dir, n)) : [path.join(dir, n)]));
const problems = [];
for (const file of files(out)) {
  if (file.endsWith('.d.ts') && !file.endsWith('wasm-module.d.ts')) {
    // tsc keeps the sources' `.ts` specifiers in declaration files: name the .js files, as the code
    // does (TypeScript then reads the .d.ts beside each), so that any TypeScript version can read them.
    let text = readFileSync(file, 'utf8').replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2');
    if (text.includes("'hpastar:raw'")) {
      const ref = path.relative(path.dirname(file), path.join(out, 'wasm-module.d.ts')).split(path.sep).join('/');
      text = `/// <reference path="${ref.startsWith('.') ? ref : `./${ref}`}" />\n${text}`;
    }
    writeFileSync(file, text);
  }
  // Every relative import of the output must name a file that exists (Node and browsers resolve
  // nothing else).
  if (/\.(js|mjs|d\.ts)$/.test(file)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]);
      const exists = existsSync(target) || (file.endsWith('.d.ts') && existsSync(target.replace(/\.js$/, '.d.ts')));
      if (!exists) problems.push(`${path.relative(root, file)}: import "${m[1]}" names no file`);
    }
  }
}
// Every file an entry of package.json `exports` names (wildcards aside) must have been built.
for (const [entry, target] of Object.entries(pkg.exports)) {
  for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
    if (!file.includes('*') && !existsSync(path.join(root, file))) problems.push(`exports["${entry}"]: ${file} was not built`);
  }
}
if (problems.length) {
  console.error(`build-lib: broken imports or entries in dist/lib:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`build-lib: dist/lib ready (${files(out).length} files)`);
