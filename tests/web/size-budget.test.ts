// The download's budgets (issue 38, item 4): the gzip size of every file the package ships for the
// browser (the modules, their glue, the pool's worker) stays under a budget a few percent above what
// bench/results/wasm-size.md measured, so that growing it is a decision: raise the budget in this file
// with the reason, or shrink what grew (node bench/wasm-composition.mjs says what the module is made of).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

/**
 * Bytes gzip (level 9) of each shipped file: measured on 2026-11-30 after the terrain costs' numbers left
 * iostreams (-28 KB on each module) and the grid modules (no block worlds) were split off, then the budget.
 */
const BUDGETS: Record<string, { measured: number; budget: number }> = {
  'web/lib/wasm/hpastar.wasm': { measured: 457_659, budget: 474_000 },
  'web/lib/wasm/hpastar.mjs': { measured: 15_120, budget: 16_500 },
  'web/lib/wasm/hpastar-mt.wasm': { measured: 465_755, budget: 483_000 },
  'web/lib/wasm/hpastar-mt.mjs': { measured: 22_025, budget: 23_500 },
  'web/lib/wasm/hpastar-mt.worker.js': { measured: 966, budget: 1_200 },
  'web/lib/wasm/hpastar-inline.mjs': { measured: 646_739, budget: 676_000 },
  'web/lib/wasm/hpastar-grid.wasm': { measured: 321_288, budget: 333_000 },
  'web/lib/wasm/hpastar-grid.mjs': { measured: 15_125, budget: 16_500 },
  'web/lib/wasm/hpastar-grid-mt.wasm': { measured: 328_825, budget: 340_000 },
  'web/lib/wasm/hpastar-grid-mt.mjs': { measured: 22_030, budget: 23_500 },
  'web/lib/wasm/hpastar-grid-mt.worker.js': { measured: 970, budget: 1_200 },
  // 7,788 before its heuristics refresh reported progress (`onRefreshProgress`, 2026-12-01).
  'web/lib/pool/worker.mjs': { measured: 8_565, budget: 9_200 },
};

describe('the shipped files stay within their gzip budgets', () => {
  test.each(Object.entries(BUDGETS))('%s', (file, { budget }) => {
    const gzip = gzipSync(readFileSync(new URL(file, ROOT)), { level: 9 }).length;
    expect(gzip, `${file} is ${gzip} bytes gzip, over its budget of ${budget}`).toBeLessThanOrEqual(budget);
  });

  test('the budgets are above what was measured, by at most 15 %', () => {
    for (const [file, { measured, budget }] of Object.entries(BUDGETS)) {
      expect(budget, file).toBeGreaterThan(measured);
      expect(budget, file).toBeLessThanOrEqual(measured * 1.15 + 500);
    }
  });
});
