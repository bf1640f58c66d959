// The HPA* paper's experimental figures (Botea, Müller and Schaeffer 2004, Figs. 5–8) drawn from
// this project's measurements by bench/hpa-bench.mjs: expansions and time against path length for
// A* and HPA* with 1–3 abstract levels, the split of HPA*'s effort into SG / main / refinement,
// suboptimality before and after smoothing, and the cluster-size sweep.
import { lineChart, barChart, writeFigure } from './svg-chart.mjs';
import { mean, fmt, lengthBins } from './bench-common.mjs';

// Path lengths grouped by 40 cells (ten Moving AI buckets, as hpa.md's tables group them); a bin
// is drawn only with enough queries that its mean means something.
const binWidth = 40;
const minQueriesPerBin = 30;
const total = (q) => q.expanded_sg + q.expanded_main + q.expanded_refine;

// [bin centre, mean of f] for each well-filled bin of the queries' optimal lengths.
const byLength = (queries, f) =>
  lengthBins(queries, binWidth, (q) => q.optimal).filter((b) => b.items.length >= minQueriesPerBin).map((b) => [b.centre, mean(b.items, f)]);

function effortAgainstLength(pooled, meta) {
  const lines = (f) => [
    { name: 'A*', points: byLength(pooled.astar, f) },
    ...pooled.configs.map((c) => ({ name: `HPA* ${c.name} (total)`, points: byLength(c.smooth, f) })),
  ];
  const expansions = lineChart({
    title: 'HPA* paper Fig. 5 (left): nodes expanded against path length',
    desc: `Mean nodes expanded per query (log scale) by optimal path length, bins of ${binWidth} cells: A* and HPA* with 1, 2 and 3 abstract levels (total: SG + main + refinement). ${meta.subset}.`,
    x: { label: 'optimal path length (cells)', min: 0 }, y: { label: 'nodes expanded (log)', log: true },
    series: lines(total),
  });
  const time = lineChart({
    title: 'HPA* paper Fig. 5 (right): time against path length',
    desc: `Mean microseconds per query (log scale) by optimal path length, bins of ${binWidth} cells: A* and HPA* with 1, 2 and 3 abstract levels. ${meta.subset}.`,
    x: { label: 'optimal path length (cells)', min: 0 }, y: { label: 'µs per query (log)', log: true },
    series: lines((q) => q.us),
  });
  return '\n## Figures after the paper (Botea et al. 2004)\n\n' +
    `The paper pools 100 searches on each of 120 Baldur's Gate maps by solution length; these figures pool ${meta.subset}, ` +
    `bins of ${binWidth} cells with at least ${minQueriesPerBin} queries. The paper's Figures 5–8 are plots without printed numbers, so only their text and Table 1 stand beside ours.\n\n` +
    '### Fig. 5: effort against path length\n' +
    writeFigure(meta.outDir, 'hpa-fig5-expansions', expansions, { alt: 'Nodes expanded against path length, A* and HPA* L1-L3', ...meta }) +
    writeFigure(meta.outDir, 'hpa-fig5-time', time, { alt: 'Query time against path length, A* and HPA* L1-L3', ...meta }) +
    '\nThe paper: "A* is slightly better than HPA* when the solution length is very small"; with 1 abstract level "good enough for the map sizes" of Baldur\'s Gate (at most 320×320).\n';
}

function effortSplit(pooled, meta) {
  const parts = [['SG (insert S and G)', (q) => q.expanded_sg], ['main (abstract search)', (q) => q.expanded_main], ['refinement', (q) => q.expanded_refine]];
  const svg = barChart({
    title: 'HPA* paper Fig. 6: where the expansions go',
    desc: `Mean nodes expanded per query, stacked: SG insertion, main abstract search and refinement, for HPA* with 1, 2 and 3 abstract levels. ${meta.subset}.`,
    categories: pooled.configs.map((c) => `${c.name} (${c.name.slice(1)} abstract level${c.name === 'L1' ? '' : 's'})`),
    y: { label: 'mean nodes expanded per query' }, stacked: true,
    series: parts.map(([name, f]) => ({ name, values: pooled.configs.map((c) => mean(c.smooth, f)) })),
  });
  const paper = { L1: [16, 67, 145], L2: [41, 7, 161] };
  let text = '\n### Fig. 6: the effort split into SG, main and refinement\n' +
    writeFigure(meta.outDir, 'hpa-fig6-effort-split', svg, { alt: 'Mean expansions per query split into SG, main and refinement for L1-L3', ...meta }) +
    '\n| levels | ours: SG | main | refinement | paper Table 1 (its 40×40 example, one query): SG | main | refinement |\n| --- | --- | --- | --- | --- | --- | --- |\n';
  for (const c of pooled.configs)
    text += `| ${c.name} | ${parts.map(([, f]) => fmt(mean(c.smooth, f), 0)).join(' | ')} | ${(paper[c.name] ?? ['-', '-', '-']).join(' | ')} |\n`;
  const sg = pooled.configs.map((c) => mean(c.smooth, parts[0][1])), main = pooled.configs.map((c) => mean(c.smooth, parts[1][1]));
  const rising = (xs) => xs.every((x, i) => i === 0 || x > xs[i - 1]);
  return text + `\nThe paper's L-1 and L-2 are our L1 and L2. In the paper's example SG grows and main shrinks with the extra level; ` +
    `in this run SG ${rising(sg) ? 'grows' : 'does not grow'} and main ${rising([...main].reverse()) ? 'shrinks' : 'does not shrink'} with each level.\n`;
}

function suboptimality(pooled, meta) {
  const l1 = pooled.configs[0];
  const svg = lineChart({
    title: 'HPA* paper Fig. 7: suboptimality before and after smoothing',
    desc: `Mean excess of the path over the optimum, percent, by optimal path length (bins of ${binWidth} cells), HPA* ${l1.name} before and after smoothing. ${meta.subset}.`,
    x: { label: 'optimal path length (cells)', min: 0 }, y: { label: 'path longer than optimal (%)', min: 0 },
    series: [
      { name: `${l1.name} before smoothing`, points: byLength(l1.raw, (q) => 100 * q.subopt) },
      { name: `${l1.name} after smoothing`, points: byLength(l1.smooth, (q) => 100 * q.subopt) },
    ],
  });
  return '\n### Fig. 7: solution quality\n' +
    writeFigure(meta.outDir, 'hpa-fig7-suboptimality', svg, { alt: 'HPA* suboptimality by path length before and after smoothing', ...meta }) +
    '\nThe paper: the error e = (hl − ol) / ol × 100 "is independent of the number of hierarchical levels" (the per-map tables above give it for L2 and L3 too).\n';
}

/**
 * The cluster-size sweep (Fig. 8): rows = [{ size, sg, main, us }] of one map. Returns markdown.
 */
export function clusterSweepFigure(rows, meta) {
  const svg = lineChart({
    title: `HPA* paper Fig. 8: abstract-search effort against cluster size (${meta.map})`,
    desc: `Mean nodes expanded per query to find the abstract path (SG insertion, main search and their sum) against the side of a level-1 cluster, one abstract level, every scenario of ${meta.map}.`,
    x: { label: 'cluster side (cells)', min: 0 }, y: { label: 'mean nodes expanded per query' },
    series: [
      { name: 'SG + main (abstract)', points: rows.map((r) => [r.size, r.sg + r.main]) },
      { name: 'SG', points: rows.map((r) => [r.size, r.sg]) },
      { name: 'main', points: rows.map((r) => [r.size, r.main]) },
    ],
  });
  const best = rows.reduce((a, b) => (b.sg + b.main < a.sg + a.main ? b : a));
  return '\n### Fig. 8: cluster-size sweep\n' +
    writeFigure(meta.outDir, 'hpa-fig8-cluster-sweep', svg, { alt: `Abstract-search expansions against cluster size on ${meta.map}`, command: meta.command, subset: `every scenario of ${meta.map}.map.scen, one abstract level, smoothing on` }) +
    `\nThe paper (Baldur's Gate maps): "the main search reduces with increasing cluster size, the cost for inserting S and G increases faster. ` +
    `The expanded node count reaches a minimum at cluster size 10." Here, on ${meta.map}, the minimum of SG + main is at cluster side ${best.size}.\n`;
}

/**
 * Figs. 5–7 from the pooled per-query lines: pooled = { astar: [...], configs: [{ name, smooth, raw }] }
 * (each list the concatenated `hpa scen --per-query` lines of the same maps in the same order).
 */
export function pathLengthFigures(pooled, meta) {
  return effortAgainstLength(pooled, meta) + effortSplit(pooled, meta) + suboptimality(pooled, meta);
}
