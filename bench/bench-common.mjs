// What the bench drivers share: command-line options, the native tool, the maps and small formatters.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
export const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const hpaTool = path.join(root, 'build/native/hpa');
if (!fs.existsSync(hpaTool)) {
  console.error(`bench: ${hpaTool} is missing; run npm run build:native first`);
  process.exit(1);
}
// The full Moving AI development set when it sits beside the checkout, else the maps shipped in maps/.
const shared = path.join(root, '../shared/maps');
export const mapsDir = path.resolve(option('maps-dir', fs.existsSync(shared) ? shared : path.join(root, 'maps')));
export const outDir = path.resolve(option('out', path.join(root, 'bench/results')));
fs.mkdirSync(outDir, { recursive: true });
export const mapsWithScenarios = (list) => list.split(',').filter((m) => fs.existsSync(path.join(mapsDir, `${m}.map.scen`)));
// Runs the tool and parses its JSON lines.
export const runTool = (argv) =>
  execFileSync(hpaTool, argv, { maxBuffer: 1 << 30 }).toString().trim().split('\n').map((l) => JSON.parse(l));
// `hpa scen --passes N`: each query's fastest of N runs, which removes most of a shared machine's noise.
export const passes = option('passes', '3');
export const mean = (xs, f) => (xs.length ? xs.reduce((s, x, i) => s + f(x, i), 0) / xs.length : NaN);
export const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
// A planner variant: "dhpa:landmarks=16:levels=3:cache-paths" → ['--algo', 'dhpa', '--landmarks', '16', '--levels', '3', '--cache-paths'].
export const variantArgs = (variant) => {
  const [name, ...options] = variant.split(':');
  return ['--algo', name, ...options.flatMap((o) => { const [k, v] = o.split('='); return v === undefined ? [`--${k}`] : [`--${k}`, v]; })];
};
// Items grouped into bins of `width` path-length units by lengthOf(item): [{ centre, lo, items }],
// by increasing length, empty bins left out (the figures plot one mean per bin).
export const lengthBins = (items, width, lengthOf) => {
  const bins = new Map();
  for (const item of items) {
    const b = Math.floor(lengthOf(item) / width);
    if (!bins.has(b)) bins.set(b, []);
    bins.get(b).push(item);
  }
  return [...bins.keys()].sort((a, b) => a - b).map((b) => ({ lo: b * width, centre: (b + 0.5) * width, items: bins.get(b) }));
};
// A round bin width giving about `count` bins up to `longest`.
export const roundBinWidth = (longest, count) => {
  const raw = longest / count, p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((w) => w >= raw);
};
