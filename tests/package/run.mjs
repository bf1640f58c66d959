// `npm run test:package`: the npm package as a consumer gets it. Packs the tarball (npm pack, which
// builds dist/lib through the prepack script), checks what it holds, installs it offline into a fresh
// project (npm init -y; npm install --offline <tarball>: the package has no dependencies), then there:
//   1. node: an ESM script that imports "hpastar", "hpastar/inline" and "hpastar/inspect" by name, loads a map shipped in
//      the tarball and finds paths (A*, HPA*, SHPA*, serialize/load, the pool in both modes);
//   2. the bin: `npx hpastar build` and `npx hpastar scen`, compared with the native tool when built;
//   3. types: the consumer's strict TypeScript (NodeNext, no skipLibCheck) over the package's typings;
//   4. Chromium: a tiny Vite app importing "hpastar", built, and a plain page importing the installed
//      files by path (no bundler), each served with and without cross-origin isolation and opened in
//      headless /usr/bin/chromium through playwright-core; skipped, and said so, when either is missing;
//      then faults.html, which ends a pool's search thread or worker behind its back in both modes;
//      then a cold start: a fresh context per 512² map, the time from navigation to the first path, by phase,
//      with "hpastar" and with "hpastar/grid", and the gzip size of the files each page fetched;
//   5. Chromium under the `vite` dev server: the README's first code block as a fresh project's main.ts
//      (what it prints, as its `// prints:` comment says), and a page importing a shipped map as the guide's recipe says (docs/guide/01-first-path.md)
//      (hpastar/maps/den520d.map.js), reading it without the module and starting a pool from it, with and
//      without cross-origin isolation;
//   6. examples/crowd-game (a small RTS) type-checked, built with Vite and played in Chromium with real mouse
//      and key events (tests/package/consumer/crowd-game-play.mjs: select each unit type with a box, order
//      them, paint a wall across the way; they arrive near the order, spread out, always on legal cells;
//      sent into a square walled in all round, each reports a partial path);
// Prints one line per check and "package: N passed, N failed" last. HPASTAR_KEEP_TMP=1 keeps the
// temporary folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'hpastar-package-'));
const consumer = path.join(tmp, 'consumer');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let passed = 0;
let failed = 0;

function sh(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 600_000, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0 && !options.allowFailure) {
    throw new Error(`${command} ${args.join(' ')} exited with ${r.status}\n${r.stdout}\n${r.stderr}`);
  }
  return r;
}

async function step(name, body) {
  const t0 = performance.now();
  try {
    const note = await body();
    passed++;
    console.log(`ok   ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let tarball = '';

await step('npm pack (prepack builds dist/lib)', () => {
  const r = sh(npm, ['pack', '--pack-destination', tmp], { cwd: root });
  const name = r.stdout.trim().split('\n').at(-1).trim();
  tarball = path.join(tmp, name);
  if (!existsSync(tarball)) throw new Error(`no tarball ${tarball}:\n${r.stdout}`);
  return name;
});

await step('the tarball holds dist/lib, typings, wasm, workers, the bin, maps and their sources, README, CHANGELOG and LICENSE, and nothing else', () => {
  const files = sh('tar', ['-tzf', tarball]).stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
  const needed = [
    'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/lib/inline.js', 'dist/lib/inline.d.ts',
    'dist/lib/inspect.js', 'dist/lib/inspect.d.ts', 'dist/lib/wasm-module.d.ts', 'dist/lib/wasm/hpastar.mjs', 'dist/lib/wasm/hpastar.wasm', 'dist/lib/wasm/hpastar-inline.mjs',
    'dist/lib/wasm/hpastar-mt.mjs', 'dist/lib/wasm/hpastar-mt.wasm', 'dist/lib/wasm/hpastar-mt.worker.js', 'dist/lib/wasm/package.json',
    'dist/lib/gridModule.js', 'dist/lib/gridModule.d.ts', 'dist/lib/wasm/hpastar-grid.mjs', 'dist/lib/wasm/hpastar-grid.wasm',
    'dist/lib/wasm/hpastar-grid-mt.mjs', 'dist/lib/wasm/hpastar-grid-mt.wasm', 'dist/lib/wasm/hpastar-grid-mt.worker.js',
    'dist/lib/pool/worker.mjs', 'dist/lib/pool/node-shim.mjs', 'dist/lib/pool/pthread-boot.cjs', 'dist/lib/cli/hpastar.js',
    'maps/den520d.map', 'maps/den520d.map.scen', 'maps/README.md', 'dist/lib/maps/den520d.map.js', 'dist/lib/maps/den520d.map.d.ts',
  ];
  // Every map the package ships (package.json `files`), its scenarios and its module.
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const map of pkg.files.filter((f) => /^maps\/[^/]+\.map$/.test(f))) {
    needed.push(map, `${map}.scen`, `dist/lib/${map}.js`, `dist/lib/${map}.d.ts`);
  }
  const missing = needed.filter((f) => !files.includes(f));
  if (missing.length) throw new Error(`missing: ${missing.join(', ')}`);
  const stray = files.filter((f) => !/^(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/lib\/.+|maps\/.+)$/.test(f));
  if (stray.length) throw new Error(`unexpected files: ${stray.join(', ')}`);
  if (files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) throw new Error('TypeScript sources in the tarball');
  // No test or build leftovers: sources of the workers (.mts, .cts), source maps, test files, build trees.
  const leftovers = files.filter((f) => /\.(mts|cts|tsbuildinfo|js\.map|o|a|log|tgz)$|(^|\/)(tests?|__tests__|build|node_modules)\/|\.test\.|\.spec\./.test(f));
  if (leftovers.length) throw new Error(`test or build leftovers: ${leftovers.join(', ')}`);
  // The licence and the source of the shipped maps: maps/README.md names every map shipped and the benchmark's origin.
  const mapsNote = readFileSync(path.join(root, 'maps/README.md'), 'utf8');
  for (const map of files.filter((f) => /^maps\/[^/]+\.map$/.test(f))) {
    if (!mapsNote.includes(path.basename(map))) throw new Error(`maps/README.md does not name ${map}`);
  }
  if (!mapsNote.includes('movingai.com')) throw new Error('maps/README.md does not name the Moving AI benchmark');
  if (!/^MIT License/.test(readFileSync(path.join(root, 'LICENSE'), 'utf8'))) throw new Error('LICENSE is not the MIT licence package.json names');
  const bytes = readFileSync(tarball).length;
  return `${files.length} files, ${(bytes / 1024).toFixed(0)} KiB packed`;
});

await step('npm init -y; npm install --offline <tarball> in a fresh project', () => {
  mkdirSync(consumer);
  sh(npm, ['init', '-y'], { cwd: consumer });
  sh(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: consumer });
  const installed = JSON.parse(readFileSync(path.join(consumer, 'node_modules/hpastar/package.json'), 'utf8'));
  return `hpastar ${installed.version}`;
});

await step('node ESM: import "hpastar", "hpastar/inline" and "hpastar/inspect", a map from the tarball, paths, pools', () => {
  cpSync(path.join(here, 'consumer/node-check.mjs'), path.join(consumer, 'node-check.mjs'));
  const r = sh(process.execPath, ['node-check.mjs'], { cwd: consumer, timeout: 120_000 });
  const result = JSON.parse(r.stdout.trim().split('\n').at(-1));
  if (!result.ok) throw new Error(r.stdout);
  return `optimal ${result.optimal.toFixed(2)}, A* ${result.astar.toFixed(2)}, HPA* ${result.hpa.toFixed(2)}, SHPA* ${result.shpa.toFixed(2)}`;
});

await step('npx hpastar build and scen (the same summary as the native tool when it is built)', () => {
  const scen = 'node_modules/hpastar/maps/den520d.map.scen';
  const built = sh('npx', ['--no-install', 'hpastar', 'build', 'node_modules/hpastar/maps/den520d.map', '-o', 'den.hpa', '--cluster', '16', '--levels', '2'], { cwd: consumer });
  if (JSON.parse(built.stdout).levels !== 2) throw new Error(built.stdout);
  const notes = [];
  for (const args of [['--algo', 'hpa', '--hierarchy', 'den.hpa'], ['--algo', 'shpa']]) {
    const r = sh('npx', ['--no-install', 'hpastar', 'scen', scen, ...args], { cwd: consumer });
    const mine = JSON.parse(r.stdout);
    if (mine.queries !== 888 || mine.found !== 888 || mine.unsolved !== 0 || mine.invalid !== 0) throw new Error(r.stdout);
    const tool = path.join(root, 'build/native/hpa');
    if (existsSync(tool)) {
      const nativeArgs = args[0] === '--algo' && args[1] === 'hpa' ? ['--algo', 'hpa', '--cluster', '16', '--levels', '2'] : args;
      const theirs = JSON.parse(sh(tool, ['scen', path.join(consumer, scen), ...nativeArgs]).stdout);
      for (const key of ['found', 'unsolved', 'invalid', 'mean_subopt', 'max_subopt', 'expanded_mean']) {
        if (mine[key] !== theirs[key]) throw new Error(`${args.join(' ')}: ${key} ${mine[key]} vs native ${theirs[key]}`);
      }
      notes.push(`${args[1]} = native`);
    } else {
      notes.push(`${args[1]} ok (native tool not built: not compared)`);
    }
  }
  const bad = sh('npx', ['--no-install', 'hpastar', 'scen', scen, '--algo', 'frob'], { cwd: consumer, allowFailure: true });
  if (bad.status !== 2 || !bad.stderr.includes('unknown algorithm "frob"')) throw new Error(`bad --algo: ${bad.status} ${bad.stderr}`);
  return notes.join(', ');
});

await step('TypeScript consumer (strict, NodeNext, skipLibCheck false) type-checks against the typings', () => {
  cpSync(path.join(here, 'consumer/types-check.ts'), path.join(consumer, 'types-check.ts'));
  cpSync(path.join(here, 'consumer/tsconfig.json'), path.join(consumer, 'tsconfig.json'));
  const r = sh(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: consumer, allowFailure: true });
  if (r.status !== 0) throw new Error(`${r.stdout}${r.stderr}`);
  return 'no errors';
});

await step('Chromium: a Vite app importing "hpastar", a page importing the files without a bundler, and a pool surviving a dead thread or worker, opened headless', async () => {
  const chromiumPath = '/usr/bin/chromium';
  const playwrightEntry = path.join(root, 'node_modules/playwright-core/index.mjs');
  if (!existsSync(chromiumPath) || !existsSync(playwrightEntry)) {
    return `SKIPPED: ${existsSync(chromiumPath) ? '' : `${chromiumPath} is missing (apt-get install chromium) `}${existsSync(playwrightEntry) ? '' : 'playwright-core is not installed'}`.trim();
  }
  const app = path.join(consumer, 'web');
  cpSync(path.join(here, 'consumer/web'), app, { recursive: true });
  mkdirSync(path.join(app, 'public'));
  cpSync(path.join(consumer, 'node_modules/hpastar/maps/den520d.map'), path.join(app, 'public/den520d.map'));
  const weighted = weightedExpectation(path.join(app, 'public'));
  const { build } = await import(pathToFileURL(path.join(root, 'node_modules/vite/dist/node/index.js')).href);
  await build({ root: app, base: './', configFile: false, logLevel: 'warn', build: { outDir: path.join(app, 'dist'), emptyOutDir: true } });
  checkGlueApart(path.join(app, 'dist'));
  const { chromium } = await import(pathToFileURL(playwrightEntry).href);
  // Headless, with a fresh profile that playwright makes and removes.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  cpSync(path.join(here, 'consumer/plain.html'), path.join(consumer, 'plain.html'));
  cpSync(path.join(here, 'consumer/faults.html'), path.join(consumer, 'faults.html'));
  const notes = [];
  try {
    // The Vite build, then the installed files as they are (no bundler: hpastar/inline and the default entry).
    const pages = [[path.join(app, 'dist'), 'index.html', 'Vite'], [consumer, 'plain.html', 'no bundler']];
    for (const [dir, pageName, label] of pages) {
      for (const isolated of [true, false]) {
        const server = await serve(dir, isolated);
        try {
          const page = await browser.newPage();
          const errors = [];
          page.on('pageerror', (e) => errors.push(String(e)));
          await page.goto(`http://127.0.0.1:${server.address().port}/${pageName}`);
          await page.waitForFunction(() => window.__hpastar !== undefined, null, { timeout: 90_000 });
          const result = await page.evaluate(() => window.__hpastar);
          await page.close();
          if (!result.ok) throw new Error(`${label}: ${JSON.stringify(result)} ${errors.join('; ')}`);
          const expected = isolated ? 'shared' : 'copied';
          if (result.isolated !== isolated || result.mode !== expected) throw new Error(`${label}, isolated ${isolated}: pool mode ${result.mode}`);
          let weightedNote = '';
          if (label === 'Vite' && weighted) {
            if (result.weighted?.mismatches !== 0 || result.weighted.queries !== weighted.queries) {
              throw new Error(`${label}, isolated ${isolated}: a weighted map saved, loaded and searched in the ${result.mode} pool differs from the native tool: ${JSON.stringify(result.weighted)}`);
            }
            weightedNote = `, weighted map saved, loaded and searched in it: ${result.weighted.queries} paths as natively`;
          }
          notes.push(`${label}, ${isolated ? 'COOP/COEP' : 'not isolated'}: pool ${result.mode}${weightedNote}`);
        } finally {
          await new Promise((resolve) => server.close(resolve));
        }
      }
    }
    // A search thread (shared mode) or a worker (copied mode) that ends without an event: the pool
    // hears it through its Web Lock, rejects the batch naming it and goes on (faults.html).
    for (const isolated of [true, false]) {
      const server = await serve(consumer, isolated);
      try {
        const page = await browser.newPage();
        await page.goto(`http://127.0.0.1:${server.address().port}/faults.html`);
        await page.waitForFunction(() => window.__faults !== undefined, null, { timeout: 120_000 });
        const result = await page.evaluate(() => window.__faults);
        await page.close();
        if (!result.ok) throw new Error(`faults.html, isolated ${isolated}: ${JSON.stringify(result)}`);
        notes.push(`${result.mode} mode: ${result.steps.length / 3} fault(s) heard and survived`);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  } finally {
    await browser.close();
  }
  return notes.join('; ');
});

await step('Chromium: a cold start (fresh context, nothing cached) to the first path on 512² maps, with "hpastar" and "hpastar/grid", and what each page downloads', async () => {
  const chromiumPath = '/usr/bin/chromium';
  const playwrightEntry = path.join(root, 'node_modules/playwright-core/index.mjs');
  if (!existsSync(chromiumPath) || !existsSync(playwrightEntry)) return 'SKIPPED: Chromium or playwright-core is missing';
  const app = path.join(consumer, 'cold');
  cpSync(path.join(here, 'consumer/cold'), app, { recursive: true });
  mkdirSync(path.join(app, 'public'));
  // Each map's longest scenario query, and its optimal length, the path's lower bound.
  const maps = ['AR0011SR.map', '8room_000.map', 'maze512-1-0.map', 'brc202d.map'].map((name) => {
    cpSync(path.join(root, 'maps', name), path.join(app, 'public', name));
    const last = readFileSync(path.join(root, 'maps', `${name}.scen`), 'utf8').trim().split('\n').at(-1).split('\t');
    return { name, query: last.slice(4, 8).join(','), optimal: Number(last[8]) };
  });
  const dist = path.join(app, 'dist');
  const { build } = await import(pathToFileURL(path.join(root, 'node_modules/vite/dist/node/index.js')).href);
  await build({ root: app, base: './', configFile: false, logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, rollupOptions: { input: { full: path.join(app, 'index.html'), grid: path.join(app, 'grid.html') } } } });
  const { chromium } = await import(pathToFileURL(playwrightEntry).href);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const server = await serve(dist, false);
  const notes = [];
  try {
    for (const [pageName, entry] of [['index.html', 'hpastar'], ['grid.html', 'hpastar/grid']]) {
      const downloads = [];
      for (const map of maps) {
        // A new context has an empty HTTP cache, so neither the .wasm nor its compiled code is reused.
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const fetched = new Set();
          page.on('response', (r) => fetched.add(new URL(r.url()).pathname));
          await page.goto(`http://127.0.0.1:${server.address().port}/${pageName}?map=${map.name}&query=${map.query}`);
          await page.waitForFunction(() => window.__cold !== undefined, null, { timeout: 120_000 });
          const result = await page.evaluate(() => window.__cold);
          if (!result.ok) throw new Error(`${entry}, ${map.name}: ${JSON.stringify(result)}`);
          // The .scen files round the optimal length to 6 digits (brc202d's longest: 1005.74 for 1005.7351).
          if (result.cost < map.optimal * (1 - 1e-5)) throw new Error(`${entry}, ${map.name}: a path of ${result.cost}, shorter than the optimal ${map.optimal}`);
          const p = result.phases;
          const ms = (t) => `${Math.round(t)}`;
          notes.push(`${entry}, ${map.name}: first path at ${ms(p.firstPath)} ms (module ${ms(p.moduleStarted)}, map ${ms(p.mapFetched)}, read ${ms(p.mapRead - Math.max(p.moduleStarted, p.mapFetched))}, build ${ms(p.built - p.mapRead)}, path ${ms(p.firstPath - p.built)})`);
          downloads.push([...fetched].filter((f) => !f.endsWith('.map')));
        } finally {
          await context.close();
        }
      }
      // The package's files the page fetched (the map aside), gzip as a server would send them.
      const files = downloads[0];
      const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
      const wasm = files.filter((f) => f.endsWith('.wasm'));
      if (wasm.length !== 1 || !wasm[0].includes(entry === 'hpastar' ? '/hpastar-' : '/hpastar-grid-')) throw new Error(`${entry}: the page fetched ${wasm.join(', ') || 'no .wasm'}`);
      notes.push(`${entry} page downloads ${files.length} files, ${Math.round(gzip / 1000)} KB gzip`);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await browser.close();
  }
  return notes.join('; ');
});

await step('Chromium under `vite` dev: a shipped map imported as the guide says, read without the module, a pool made from it', async () => {
  const chromiumPath = '/usr/bin/chromium';
  const playwrightEntry = path.join(root, 'node_modules/playwright-core/index.mjs');
  if (!existsSync(chromiumPath) || !existsSync(playwrightEntry)) return 'SKIPPED: Chromium or playwright-core is missing';
  const app = path.join(consumer, 'web-dev');
  cpSync(path.join(here, 'consumer/web-dev'), app, { recursive: true });
  const { createServer: createViteServer } = await import(pathToFileURL(path.join(root, 'node_modules/vite/dist/node/index.js')).href);
  const { chromium } = await import(pathToFileURL(playwrightEntry).href);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const notes = [];
  try {
    for (const isolated of [true, false]) {
      const headers = isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};
      // The consumer's own setup: no config file, no Vite option for the package.
      const server = await createViteServer({ root: app, configFile: false, logLevel: 'warn', server: { host: '127.0.0.1', port: 0, headers } });
      await server.listen();
      try {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(server.resolvedUrls.local[0]);
        await page.waitForFunction(() => window.__hpastar !== undefined, null, { timeout: 120_000 });
        const result = await page.evaluate(() => window.__hpastar);
        await page.close();
        if (!result.ok) throw new Error(`vite dev, isolated ${isolated}: ${JSON.stringify(result)} ${errors.join('; ')}`);
        const expected = isolated ? 'shared' : 'copied';
        if (result.isolated !== isolated || result.mode !== expected) throw new Error(`vite dev, isolated ${isolated}: pool mode ${result.mode}`);
        notes.push(`${isolated ? 'COOP/COEP' : 'not isolated'}: pool ${result.mode}, den520d.map.js read and searched`);
        if (isolated) notes.push(`(.map?raw under dev ${result.raw})`);
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }
  return notes.join('; ');
});

await step("the README's first code block, pasted into a fresh Vite project's main.ts, prints what it says in Chromium", async () => {
  const chromiumPath = '/usr/bin/chromium';
  const playwrightEntry = path.join(root, 'node_modules/playwright-core/index.mjs');
  if (!existsSync(chromiumPath) || !existsSync(playwrightEntry)) return 'SKIPPED: Chromium or playwright-core is missing';
  const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(path.join(root, 'README.md'), 'utf8'))?.[1];
  if (!block) throw new Error('README.md has no ```ts block');
  const expected = [...block.matchAll(/\/\/ prints: (.*)$/gm)].map((m) => m[1].trim());
  if (expected.length === 0) throw new Error("the README's first block says nothing it prints (// prints: ...)");
  // A fresh project beside the installed package: an index.html and the block as main.ts, nothing else.
  const app = path.join(consumer, 'readme-app');
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(app, 'index.html'), '<!doctype html>\n<html><body><script type="module" src="./main.ts"></script></body></html>\n');
  writeFileSync(path.join(app, 'main.ts'), block);
  const { createServer: createViteServer } = await import(pathToFileURL(path.join(root, 'node_modules/vite/dist/node/index.js')).href);
  const { chromium } = await import(pathToFileURL(playwrightEntry).href);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const server = await createViteServer({ root: app, configFile: false, logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  try {
    const page = await browser.newPage();
    const logged = [];
    const errors = [];
    // What the block logs (console.log), not the browser's own messages (a missing favicon's 404).
    page.on('console', (m) => m.type() === 'log' && logged.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    await page.goto(server.resolvedUrls.local[0]);
    // Vite's client logs its own lines ("[vite] connecting..."): not the block's.
    const printedLines = () => logged.filter((line) => !line.startsWith('[vite]'));
    const deadline = Date.now() + 120_000;
    while (printedLines().length < expected.length && errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    const printed = printedLines();
    if (JSON.stringify(printed) !== JSON.stringify(expected)) {
      throw new Error(`it printed ${JSON.stringify(printed)} (console: ${JSON.stringify(logged)}), the README says ${JSON.stringify(expected)}`);
    }
    return printed.join('; ');
  } finally {
    await server.close();
    await browser.close();
  }
});

await step('examples/crowd-game: type-checked, built with Vite and played in Chromium as an RTS (boxes select each unit type, a right click sends them, a wall painted across the way; they arrive spread out, every frame on legal cells; sent into a walled-in square, each takes a partial path)', async () => {
  const chromiumPath = '/usr/bin/chromium';
  const playwrightEntry = path.join(root, 'node_modules/playwright-core/index.mjs');
  if (!existsSync(chromiumPath) || !existsSync(playwrightEntry)) return 'SKIPPED: Chromium or playwright-core is missing';
  // In the consumer project, whose node_modules hold the installed tarball, as `npm install` of the example gives.
  const app = path.join(consumer, 'crowd-game');
  cpSync(path.join(root, 'examples/crowd-game'), app, { recursive: true, filter: (f) => !/node_modules|dist/.test(path.relative(root, f)) });
  const types = sh(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, allowFailure: true });
  if (types.status !== 0) throw new Error(`tsc: ${types.stdout}${types.stderr}`);
  const { build } = await import(pathToFileURL(path.join(root, 'node_modules/vite/dist/node/index.js')).href);
  // Its vite.config.ts only adds the isolation headers (the server below sends them); vite is not installed here.
  await build({ root: app, base: './', configFile: false, logLevel: 'warn', build: { outDir: path.join(app, 'dist'), emptyOutDir: true } });
  checkGlueApart(path.join(app, 'dist'));
  const { chromium } = await import(pathToFileURL(playwrightEntry).href);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const server = await serve(path.join(app, 'dist'), true);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    // The play and its checks: tests/package/consumer/crowd-game-play.mjs (real mouse and key events, the game's window.game hook).
    const { playCrowdGame } = await import(pathToFileURL(path.join(here, 'consumer/crowd-game-play.mjs')).href);
    return await playCrowdGame(page, { poolMode: 'shared' });
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await browser.close();
  }
});

/**
 * Terrain costs in the browser against the native tool: writes `dir`/den520d.layer (a cost layer: discs
 * and a road) and `dir`/den520d.weighted.json (the first 300 scenarios' pairs and the costs `hpa scen
 * --costs S=3 --cost-layer` finds for them with HPA*, cluster 16, 2 levels) for the Vite app, which
 * builds, saves, loads and searches them in a pool. Null, and nothing written, without the native tool.
 */
function weightedExpectation(dir) {
  const tool = path.join(root, 'build/native/hpa');
  if (!existsSync(tool)) return null;
  const [width, height] = [256, 257];
  const layer = new Uint8Array(width * height).fill(16);
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let d = 0; d < 24; d++) {
    const cx = Math.floor(next() * width), cy = Math.floor(next() * height), r = 3 + Math.floor(next() * 14);
    const value = [24, 48, 80, 255][Math.floor(next() * 4)];
    for (let y = Math.max(0, cy - r); y <= Math.min(height - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(width - 1, cx + r); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) layer[y * width + x] = value;
  }
  for (let x = 0; x < width; x++) layer[120 * width + x] = layer[121 * width + x] = 8;
  const layerFile = path.join(dir, 'den520d.layer');
  writeFileSync(layerFile, layer);
  const args = ['scen', path.join(root, 'maps/den520d.map.scen'), '--algo', 'hpa', '--cluster', '16', '--levels', '2',
    '--costs', 'S=3', '--cost-layer', layerFile, '--limit', '300', '--per-query'];
  const lines = sh(tool, args).stdout.trim().split('\n').map((l) => JSON.parse(l));
  const perQuery = lines.filter((l) => 'sx' in l);
  const expectation = { queries: perQuery.map((l) => [l.sx, l.sy, l.gx, l.gy]), costs: perQuery.map((l) => l.length) };
  writeFileSync(path.join(dir, 'den520d.weighted.json'), JSON.stringify(expectation));
  return { queries: perQuery.length };
}

/** A static file server for the built app; with `isolated`, the COOP/COEP headers of cross-origin isolation. */
function serve(dir, isolated) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.map': 'text/plain', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' };
    if (isolated) Object.assign(headers, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

if (process.env.HPASTAR_KEEP_TMP) console.log(`kept ${tmp}`);
else rmSync(tmp, { recursive: true, force: true });
console.log(`package: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;

/**
 * The Emscripten glue is loaded only where it runs: in a chunk of its own that loadHpastar imports (and
 * the pool's workers), never in the page's entry chunk, which a page that only runs a pool downloads.
 */
function checkGlueApart(dist) {
  const entry = readFileSync(path.join(dist, 'index.html'), 'utf8').match(/<script[^>]*src="\.?\/?(assets\/[^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('the Vite build has no entry script in index.html');
  const code = readFileSync(path.join(dist, entry), 'utf8');
  if (code.includes('dynCall_')) throw new Error(`the entry chunk ${entry} holds the Emscripten glue: import it where the module starts`);
  console.log(`  entry chunk ${entry}: ${code.length} bytes, without the glue`);
}
