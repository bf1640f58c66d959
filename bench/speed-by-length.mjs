// Query time against path length per map and planner, and each planner's suboptimality
// distribution, from `hpa scen --per-query` on the Moving AI scenarios. Writes
// bench/results/speed-by-length.md and its figures in bench/results/figures/.
//
//   node bench/speed-by-length.mjs [--maps den520d,brc202d,maze512-16-0] [--algos astar,jps,...]
//                                  [--passes 3] [--maps-dir DIR] [--out bench/results]
import path from 'node:path';
import fs from 'node:fs';
import { option, mapsDir, outDir, mapsWithScenarios, runTool, mean, fmt, variantArgs, passes, lengthBins, roundBinWidth } from './bench-common.mjs';
import { lineChart, cdfPoints, writeFigure, axisTicks } from './svg-chart.mjs';

const maps = mapsWithScenarios(option('maps', 'den520d,brc202d,maze512-16-0'));
const algos = option('algos', 'astar,jps,jpsplus,hpa,dhpa,auto').split(',');
const labels = { astar: 'A*', jps: 'JPS', jpsplus: 'JPS+', hpa: 'HPA* (paper defaults)', dhpa: 'DHPA*', auto: 'auto (hpastar defaults)', shpa: 'SHPA*' };
const labelOf = (algo) => labels[algo] ?? algo;
const binsPerMap = 12;
const command = `nice node bench/speed-by-length.mjs --maps ${maps.join(',')} --algos ${algos.join(',')} --passes ${passes}`;

// Per planner, the found queries of every scenario of the map (each query's fastest of --passes).
function measure(map) {
  const scen = path.join(mapsDir, `${map}.map.scen`);
  return Object.fromEntries(algos.map((algo) => {
    process.stderr.write(`bench: ${map} ${algo}\n`);
    const lines = runTool(['scen', scen, ...variantArgs(algo), '--per-query', '--passes', passes]);
    return [algo, lines.slice(0, -1).filter((q) => q.found)];
  }));
}

// Equal-width bins of optimal length (a round width giving about binsPerMap bins); each point of a
// line is the mean over the queries of one bin. Every planner is binned by the same width.
function meanTimeByBin(queries, width) {
  return lengthBins(queries, width, (q) => q.optimal).map((b) => ({ lo: b.lo, centre: b.centre, n: b.items.length, us: mean(b.items, (q) => q.us) }));
}

function speedSection(map, runs) {
  const width = roundBinWidth(Math.max(...runs[algos[0]].map((q) => q.optimal)), binsPerMap);
  const rows = Object.fromEntries(algos.map((a) => [a, meanTimeByBin(runs[a], width)]));
  const svg = lineChart({
    title: `${map}: query time against path length`,
    desc: `Mean microseconds per query, log scale, per bin of ${width} cells of optimal path length, one line per planner, every scenario of ${map}.`,
    x: { label: 'optimal path length (cells, bin centre)', min: 0 },
    y: { label: 'mean µs per query (log)', log: true },
    series: algos.map((a, k) => ({ name: labelOf(a), style: k, points: rows[a].filter((r) => r.us > 0).map((r) => [r.centre, r.us]) })),
  });
  let text = `\n## ${map}: query time against path length\n` + writeFigure(outDir, `speed-by-length-${map}`, svg, {
    alt: `${map}: mean query time per path-length bin for ${algos.map(labelOf).join(', ')}`,
    command, subset: `every scenario of ${map}.map.scen (${runs[algos[0]].length} found), bins of ${width} cells, each query's fastest of ${passes} passes`,
  });
  text += `\n| optimal length | n | ${algos.map((a) => `${labelOf(a)} µs`).join(' | ')} |\n|${' --- |'.repeat(algos.length + 2)}\n`;
  for (const r of rows[algos[0]]) {
    const at = (a) => rows[a].find((s) => s.lo === r.lo)?.us ?? NaN;
    text += `| ${fmt(r.lo, 0)}–${fmt(r.lo + width, 0)} | ${r.n} | ${algos.map((a) => fmt(at(a), 1)).join(' | ')} |\n`;
  }
  return text;
}

// Only the planners whose paths can be longer than optimal get a distribution.
function suboptSection(map, runs) {
  const inexact = algos.filter((a) => runs[a].some((q) => q.subopt > 1e-4));
  if (!inexact.length) return '';
  const excess = (a) => runs[a].map((q) => Math.max(0, 100 * q.subopt));
  // A few long detours would squash the curves against the axis: the x axis stops at the largest
  // 99th percentile (rounded up to a tick), each curve running to the edge at its share there (the table gives the maxima).
  const p99 = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(0.99 * (xs.length - 1))];
  const xMax = axisTicks(0, Math.max(...inexact.map((a) => p99(excess(a)))), false).max;
  const clipped = (xs) => [...cdfPoints(xs).filter(([x]) => x <= xMax), [xMax, xs.filter((x) => x <= xMax).length / xs.length]];
  const svg = lineChart({
    title: `${map}: path length over the optimum`,
    desc: `Cumulative share of queries whose path is at most x percent longer than optimal, per planner, every scenario of ${map}.`,
    x: { label: 'path length over optimal (%), up to the largest 99th percentile', min: 0, max: xMax },
    y: { label: 'share of queries', min: 0, max: 1 },
    series: inexact.map((a) => ({ name: labelOf(a), style: algos.indexOf(a), points: clipped(excess(a)) })),
  });
  let text = `\n## ${map}: suboptimality distribution\n` + writeFigure(outDir, `subopt-cdf-${map}`, svg, {
    alt: `${map}: cumulative distribution of the excess path length of ${inexact.map(labelOf).join(', ')}`,
    command, subset: `every scenario of ${map}.map.scen, smoothed paths; each curve is 101 quantiles of the queries, the x axis cut at ${fmt(xMax, 2)}% (the largest 99th percentile, rounded up)`,
  });
  text += `\n| planner | mean % | median % | p90 % | p99 % | max % | optimal share |\n| --- | --- | --- | --- | --- | --- | --- |\n`;
  for (const a of inexact) {
    const xs = excess(a).sort((p, q) => p - q), at = (f) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];
    text += `| ${labelOf(a)} | ${fmt(mean(xs, (x) => x), 2)} | ${fmt(at(0.5), 2)} | ${fmt(at(0.9), 2)} | ${fmt(at(0.99), 2)} | ${fmt(xs.at(-1), 2)} | ${fmt(xs.filter((x) => x <= 1e-2).length / xs.length, 3)} |\n`;
  }
  return text;
}

let page = `# Query time against path length, and suboptimality\n\nGenerated by \`${command}\` (bench/speed-by-length.mjs) on ` +
  `${new Date().toISOString()}, ${process.arch}, Node ${process.version}. Every time is build/native/hpa's, one query at a time ` +
  `on one thread of a shared 2-core machine, each query the fastest of ${passes} passes; compare lines, not absolute numbers across machines. ` +
  `Planners: ${algos.map((a) => `\`${a}\` = ${labelOf(a)}`).join(', ')}. The hierarchical planners smooth their paths (their default).\n`;
for (const map of maps) {
  const runs = measure(map);
  page += speedSection(map, runs) + suboptSection(map, runs);
}
fs.writeFileSync(path.join(outDir, 'speed-by-length.md'), page);
process.stderr.write(`bench: wrote ${path.join(outDir, 'speed-by-length.md')}\n`);
