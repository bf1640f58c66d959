// One config for the demo (vite, vite build) and for the Node tests (vitest).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { bundledMaps } from './web/demo/bundledMaps.ts';

// Cross-origin isolation (crossOriginIsolated === true), so that SharedArrayBuffer exists and the
// worker pool runs in shared mode (one hierarchy, searched by pthreads). Every resource is same-origin.
const crossOriginIsolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // The demo's index.html lies in web/demo; it imports ../lib (the package); maps/ comes through a plugin.
  root: fileURLToPath(new URL('./web/demo', import.meta.url)),
  plugins: [bundledMaps(fileURLToPath(new URL('./maps', import.meta.url)))],
  // Relative asset URLs, so that dist/demo/ can be served from any path.
  base: './',
  build: {
    outDir: fileURLToPath(new URL('./dist/demo', import.meta.url)),
    emptyOutDir: true,
    // Three pages: the demo, the walkthrough that teaches HPA* step by step (learn.html), and block worlds
    // seen floor by floor (world.html).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./web/demo/index.html', import.meta.url)),
        learn: fileURLToPath(new URL('./web/demo/learn.html', import.meta.url)),
        world: fileURLToPath(new URL('./web/demo/world.html', import.meta.url)),
      },
    },
  },
  // The Worlds page builds its hierarchy in a worker, where the package loads its WebAssembly module with
  // a dynamic import: inlined, since the 'iife' worker format (which Emscripten's classic pthread worker
  // needs) cannot split a bundle.
  worker: { rollupOptions: { output: { inlineDynamicImports: true } } },
  server: {
    host: '127.0.0.1',
    headers: crossOriginIsolation,
    port: 5173,
    strictPort: false,
    fs: { allow: [repoRoot] },
  },
  preview: {
    host: '127.0.0.1',
    headers: crossOriginIsolation,
  },
  test: {
    // Tests are found from the repository root, not from the demo's root.
    root: repoRoot,
    include: ['tests/web/**/*.test.ts'],
    globalSetup: ['tests/web/global-setup.ts'],
    environment: 'node',
    // Two files at a time on the 2-core machines the suite runs on (vitest's default would be one):
    // a file keeps about one core busy, so the suite takes 5.3 minutes instead of 7.6.
    maxWorkers: 2,
    testTimeout: 120_000,
  },
});
