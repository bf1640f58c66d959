// Path lengths from the native `hpa` tool (build/native/hpa, built by `npm test`'s native step) for
// chosen scenarios, to check that the demo finds the same costs as the C++ core run natively.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioProblem } from '../../web/lib/cli/movingai';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const HPA = join(root, 'build/native/hpa');

/** A problem of a `.scen` file with its line's text. */
export interface ScenarioLine extends ScenarioProblem {
  line: string;
}

export function readScenarios(map: string): ScenarioLine[] {
  return readFileSync(join(root, 'maps', `${map}.scen`), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((line) => {
      const f = line.split('\t');
      return { line, bucket: +f[0]!, sx: +f[4]!, sy: +f[5]!, gx: +f[6]!, gy: +f[7]!, optimal: +f[8]! };
    });
}

export const nativeToolBuilt = () => existsSync(HPA);

/**
 * The lengths the native tool finds for `scenarios` on `map` with `algo` (and its options, e.g.
 * ['--cluster', '10']), in order.
 */
export function nativeLengths(map: string, scenarios: ScenarioLine[], algo: string, options: string[] = []): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'hpastar-e2e-scen-'));
  try {
    const scen = join(dir, `${map}.scen`);
    writeFileSync(scen, `version 1\n${scenarios.map((s) => s.line).join('\n')}\n`);
    const run = spawnSync(HPA, ['scen', scen, '--map', join(root, 'maps', map), '--algo', algo, '--per-query', ...options], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`hpa exited with ${run.status}: ${run.stderr}`);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line?: number; length?: number });
    return lines.filter((l) => l.line !== undefined).map((l) => l.length!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
