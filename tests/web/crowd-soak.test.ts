// The crowd's soak (bench/crowd-soak.ts) for one minute: 2,000 agents of four classes on den520d with
// random orders and walls, in a child process (the heap is measured after a forced GC: --expose-gc).
// The 10-minute run is `npm run soak`, before a release.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('a minute of 2,000 agents with random orders and walls: no illegal step, no agent stuck, no false unreachable (the heap is judged by the 10-minute run)', async () => {
  // --no-liftoff: Node 20 can hang at exit while it still optimizes WebAssembly (web/lib/cli/hpastar.ts).
  const args = ['--no-liftoff', '--expose-gc', '--import', './scripts/register-ts.mjs', 'bench/crowd-soak.ts', '--minutes', '1'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, timeout: 100_000 }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`the soak failed: ${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  expect(stdout).toContain('crowd soak: passed');
  expect(stdout.match(/^ *\d+ s {2}heap/gm)?.length).toBe(6);
}, 120_000);
