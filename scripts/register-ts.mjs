// `node --import ./scripts/register-ts.mjs script.ts`: runs a TypeScript script (a test's child
// process, a benchmark) on Node 20, which cannot strip types itself. The hooks in ts-hooks.mjs
// transpile each .ts file on its own (types erased, nothing checked: `npm run typecheck` does that).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
