// The end-to-end suite: the demo, built by Vite and served by `vite preview` (with the COOP/COEP
// headers of vite.config.ts), driven in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core: no browser is downloaded). Run by `npm run test:e2e` (the last step of `npm test`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/server.ts'],
    environment: 'node',
    // One browser, one file at a time: the machine has 2 cores and the crowd test measures frame time.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
