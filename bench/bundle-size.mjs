// What a page can download: builds three tiny pages with Vite against web/lib (one that only runs a worker
// pool, one that loads the module on the page, one that loads the grid module of `hpastar/grid`) and prints
// each emitted file's size, raw and gzip. A page fetches only the chunks and .wasm it imports: the package
// test's cold start (tests/package/run.mjs) sums what Chromium really fetched.
// Run after `npm run build:wasm`: node bench/bundle-size.mjs
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = path.join(root, 'build/bundle-size');
const lib = path.join(root, 'web/lib/index.ts');
const gridLib = path.join(root, 'web/lib/gridModule.ts');
const pages = {
  pool: `import { createPathPool } from '${lib}';\nconst pool = await createPathPool({ map: 'type octile\\nheight 1\\nwidth 2\\nmap\\n..\\n' });\nconsole.log(pool.mode);\n`,
  module: `import { loadHpastar } from '${lib}';\nconst hp = await loadHpastar();\nconsole.log(hp.Grid);\n`,
  grid: `import { loadHpastar } from '${gridLib}';\nconst hp = await loadHpastar();\nconsole.log(hp.Grid);\n`,
};
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const [name, code] of Object.entries(pages)) {
  writeFileSync(path.join(work, `${name}.ts`), code);
  const outDir = path.join(work, `dist-${name}`);
  await build({ logLevel: 'silent', configFile: false, root: work, build: { outDir, emptyOutDir: true, target: 'es2022', rollupOptions: { input: path.join(work, `${name}.ts`) } }, worker: { format: 'es' } });
  console.log(`${name} page:`);
  for (const file of readdirSync(path.join(outDir, 'assets')).sort()) {
    const bytes = readFileSync(path.join(outDir, 'assets', file));
    console.log(`  ${file.padEnd(36)} ${String(bytes.length).padStart(9)} B  ${String(gzipSync(bytes).length).padStart(8)} B gzip`);
  }
}
