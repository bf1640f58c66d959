// HAA*'s experiments after Harabor and Botea (2008): for agents of sides 1–3 and two capabilities,
// query time against path length for HAA* and Annotated A* (its optimal low-level search), and
// HAA*'s suboptimality with the high-quality (strong dominance) and low-quality (weak dominance)
// abstractions. Every query of a map's scenario file goes through both planners, as
// `hpa scen --per-query`; AA*'s path is the optimum for that agent. Writes
// bench/results/haa-by-length.md and its figures.
//
//   node bench/haa-by-length.mjs [--map den520d] [--haa-cluster 16] [--passes 3]
import fs from 'node:fs';
import path from 'node:path';
import { option, root, outDir, runTool, mean, fmt, lengthBins, roundBinWidth, passes } from './bench-common.mjs';
import { lineChart, barChart, writeFigure } from './svg-chart.mjs';

const map = option('map', 'den520d');
const cluster = option('haa-cluster', '16');
const sizes = [1, 2, 3];
const capabilities = ['ground', 'ground,trees'];
const abstractions = ['high', 'low'];
const scen = path.join(root, 'maps', `${map}.map.scen`);
const command = `nice node bench/haa-by-length.mjs --map ${map} --haa-cluster ${cluster} --passes ${passes}`;
// Short capability names for the bar chart's category labels.
const shortCapability = (c) => c.split(',').map((t) => t[0].toUpperCase()).join('+');
const minQueriesPerBin = 10;

const perQuery = (args) => runTool(['scen', scen, '--per-query', '--passes', passes, ...args]).slice(0, -1);

// One agent: AA*'s and HAA*'s (each abstraction) answers to the same queries, kept where AA* found
// a path (HAA* is complete, so it finds one too; a miss would show as a NaN and fail the chart).
function measureAgent(size, capability) {
  process.stderr.write(`haa-by-length: size ${size} ${capability}\n`);
  const agent = ['--size', String(size), '--capability', capability];
  const aa = perQuery(['--algo', 'aa', ...agent]);
  const haa = Object.fromEntries(abstractions.map((a) => [a, perQuery(['--algo', 'haa', ...agent, '--abstraction', a, '--haa-cluster', cluster])]));
  const found = aa.map((q, i) => i).filter((i) => aa[i].found);
  return {
    size, capability, name: `size ${size}, ${capability}`,
    pairs: found.map((i) => ({
      optimal: aa[i].length, aaUs: aa[i].us,
      ...Object.fromEntries(abstractions.flatMap((a) => [[`${a}Us`, haa[a][i].us], [`${a}Excess`, haa[a][i].found ? 100 * (haa[a][i].length / aa[i].length - 1) : NaN]])),
    })),
  };
}

function timeFigure(agents, capability) {
  const mine = agents.filter((a) => a.capability === capability);
  const width = roundBinWidth(Math.max(...mine.flatMap((a) => a.pairs.map((p) => p.optimal))), 12);
  const line = (agent, name, f) => ({
    name, points: lengthBins(agent.pairs, width, (p) => p.optimal).filter((b) => b.items.length >= minQueriesPerBin).map((b) => [b.centre, mean(b.items, f)]),
  });
  const svg = lineChart({
    title: `HAA* against Annotated A* by path length (${map}, ${capability})`,
    desc: `Mean microseconds per query (log scale) by the agent's optimal path length, bins of ${width} cells, for square agents of sides 1 to 3 of capability ${capability}: Annotated A* and HAA* (high-quality abstraction).`,
    x: { label: "agent's optimal path length (cells)", min: 0 }, y: { label: 'mean µs per query (log)', log: true },
    series: [...mine.map((a) => line(a, `AA* size ${a.size}`, (p) => p.aaUs)), ...mine.map((a) => line(a, `HAA* size ${a.size}`, (p) => p.highUs))],
  });
  const name = `haa-time-${map}-${capability.replace(',', '-')}`;
  return writeFigure(outDir, name, svg, {
    alt: `Query time against path length for AA* and HAA*, agent sizes 1-3, capability ${capability}`,
    command, subset: `every scenario of ${map}.map.scen an agent of that size and capability can stand on and solve; bins of ${width} cells with at least ${minQueriesPerBin} queries`,
  });
}

function suboptimalityFigure(agents) {
  const svg = barChart({
    title: `HAA*'s path length over the optimum (${map})`,
    desc: `Mean percent by which HAA*'s path is longer than Annotated A*'s, per agent (size and capability), high- and low-quality abstractions, every solvable scenario of ${map}.`,
    categories: agents.map((a) => `${a.size}×${a.size} ${shortCapability(a.capability)}`), xLabel: 'agent: square side, capability (G ground, T trees)',
    y: { label: 'mean path length over optimal (%)' },
    series: abstractions.map((a) => ({ name: `${a}-quality abstraction`, values: agents.map((agent) => mean(agent.pairs, (p) => p[`${a}Excess`])) })),
  });
  return writeFigure(outDir, `haa-subopt-${map}`, svg, {
    alt: 'HAA* mean suboptimality per agent, high and low abstraction', command, subset: `every solvable scenario of ${map}.map.scen per agent`,
  });
}

function table(agents) {
  let text = '\n| agent | queries found | AA* µs | ' + abstractions.map((a) => `HAA* ${a} µs | HAA* ${a} mean % over optimal`).join(' | ') + ' |\n|' + ' --- |'.repeat(3 + 2 * abstractions.length) + '\n';
  for (const a of agents)
    text += `| ${a.name} | ${a.pairs.length} | ${fmt(mean(a.pairs, (p) => p.aaUs))} | ` +
      abstractions.map((x) => `${fmt(mean(a.pairs, (p) => p[`${x}Us`]))} | ${fmt(mean(a.pairs, (p) => p[`${x}Excess`]), 2)}`).join(' | ') + ' |\n';
  return text;
}

const agents = capabilities.flatMap((c) => sizes.map((s) => measureAgent(s, c)));
let page = `# HAA* by path length and agent\n\nGenerated by \`${command}\` (bench/haa-by-length.mjs) on ${new Date().toISOString()}. ` +
  `Every scenario of maps/${map}.map.scen through Annotated A* (optimal for the agent) and HAA* (cluster ${cluster}, both abstractions) for square agents of sides 1–3 ` +
  `and the capabilities ${capabilities.map((c) => `{${c}}`).join(' and ')} (${map}'s terrain is ground and trees); a query counts when AA* finds a path for that agent. ` +
  `Times from build/native/hpa, one query at a time on a shared machine, each query's fastest of ${passes} passes. The wider comparison over random pairs is [haa-compare.md](haa-compare.md).\n\n` +
  'Harabor and Botea\'s results (their article, in this repository\'s sources): "high quality abstractions produce, on average, paths with lengths 3–5% longer than optimal ' +
  'while low quality abstractions are in the 6–10% range"; the figures there are plots without printed numbers.\n';
page += '\n## Time against path length\n' + capabilities.map((c) => timeFigure(agents, c)).join('');
// Our range per abstraction, to stand beside the article's 3–5% and 6–10%.
const range = (a) => {
  const means = agents.map((agent) => mean(agent.pairs, (p) => p[`${a}Excess`]));
  return `${fmt(Math.min(...means), 1)}–${fmt(Math.max(...means), 1)}%`;
};
page += '\n## Suboptimality per agent\n' + suboptimalityFigure(agents) +
  `\nMean excess per agent here: high quality ${range('high')}, low quality ${range('low')} (the article: 3–5% and 6–10%).\n` + table(agents);
fs.writeFileSync(path.join(outDir, 'haa-by-length.md'), page);
process.stderr.write(`haa-by-length: wrote ${path.join(outDir, 'haa-by-length.md')}\n`);
