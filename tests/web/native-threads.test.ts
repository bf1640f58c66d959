// The native `hpa` tool's --threads N: the scenarios (or random pairs) as one batch on the core's batch
// engine, the engine the wasm pool's shared mode runs. The answers are those of one query object
// searching alone, so every figure but the times is the same with and without it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const hpaTool = path.join(root, 'build/native/hpa');
const scen = path.join(root, 'maps/den520d.map.scen');

function hpa(...args: string[]): Record<string, unknown> {
  const r = spawnSync(hpaTool, args, { encoding: 'utf8', cwd: root, timeout: 300_000 });
  if (r.error) throw r.error;
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
}

const SAME_SCEN = ['queries', 'found', 'unsolved', 'invalid', 'mean_subopt', 'max_subopt', 'max_rel_err', 'expanded_mean'];
const SAME_COMPARE = ['queries', 'completeness_mismatches', 'invalid', 'mean_subopt', 'max_subopt', 'unreachable'];
const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('hpa --threads runs the core batch engine with the same answers', () => {
  test.each(['astar', 'hpa', 'dhpa', 'shpa'])('scen --algo %s', (algo) => {
    const args = ['scen', scen, '--algo', algo, '--limit', '400', ...(algo === 'hpa' || algo === 'dhpa' ? ['--levels', '2'] : [])];
    const alone = hpa(...args);
    const threaded = hpa(...args, '--threads', '2');
    expect(threaded.threads).toBe(2);
    expect(pick(threaded, SAME_SCEN)).toEqual(pick(alone, SAME_SCEN));
    expect(threaded.invalid).toBe(0);
  });

  test('compare --algo hpa --against astar', () => {
    const args = ['compare', path.join(root, 'maps/den520d.map'), '--algo', 'hpa', '--against', 'astar', '--queries', '300', '--seed', '4'];
    const alone = hpa(...args);
    const threaded = hpa(...args, '--threads', '2');
    expect(pick(threaded, SAME_COMPARE)).toEqual(pick(alone, SAME_COMPARE));
    expect(threaded.completeness_mismatches).toBe(0);
  });
});
