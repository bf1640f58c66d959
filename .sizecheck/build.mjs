import { build } from 'vite';
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
for (const entry of ['pool', 'full']) {
  const outDir = `/work/main/.sizecheck/dist-${entry}`;
  await build({ logLevel: 'silent', configFile: false, root: '/work/main/.sizecheck', build: { outDir, emptyOutDir: true, target: 'es2022', rollupOptions: { input: `/work/main/.sizecheck/${entry}.ts` } }, worker: { format: 'es' } });
  const files = readdirSync(`${outDir}/assets`);
  for (const f of files) { const b = readFileSync(`${outDir}/assets/${f}`); console.log(entry, f, b.length, gzipSync(b).length); }
}
