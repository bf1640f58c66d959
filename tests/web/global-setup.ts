// Runs once before the tests: the pool's workers load JavaScript generated from web/lib/pool/*.mts,
// so make sure it is up to date with the sources (npm run build:wasm does the same).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-workers.mjs', import.meta.url))], { stdio: 'inherit' });
}
