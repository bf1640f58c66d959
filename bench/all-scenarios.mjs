// Every scenario file of the maps directory through one planner: unsolved, invalid and suboptimality
// per map and over all scenarios (the correctness figures the issues ask for).
//
//   node bench/all-scenarios.mjs --algo hpa [--levels 2 ...any hpa option] [--maps-dir DIR]
import fs from 'node:fs';
import path from 'node:path';
import { option, mapsDir, outDir, runTool, fmt } from './bench-common.mjs';

const passThrough = process.argv.slice(2).filter((a, i, all) => !['--maps-dir', '--out'].includes(a) && !['--maps-dir', '--out'].includes(all[i - 1]));
const algo = option('algo', 'hpa');
const files = fs.readdirSync(mapsDir).filter((f) => f.endsWith('.map.scen')).sort();
let text = `# ${passThrough.join(' ')} on every scenario file of ${mapsDir}\n\n| map | queries | unsolved | invalid | mean subopt % | max subopt % | µs/query |\n| --- | --- | --- | --- | --- | --- | --- |\n`;
let queries = 0, unsolved = 0, invalid = 0, weighted = 0, found = 0;
for (const f of files) {
  const [s] = runTool(['scen', path.join(mapsDir, f), ...passThrough]).slice(-1);
  text += `| ${s.map} | ${s.queries} | ${s.unsolved} | ${s.invalid} | ${fmt(100 * s.mean_subopt, 3)} | ${fmt(100 * s.max_subopt, 2)} | ${fmt(s.query_us_mean)} |\n`;
  queries += s.queries; unsolved += s.unsolved; invalid += s.invalid; found += s.found; weighted += s.mean_subopt * s.found;
}
text += `| **all** | ${queries} | ${unsolved} | ${invalid} | ${fmt((100 * weighted) / found, 3)} | | |\n`;
const name = `all-scenarios-${passThrough.join('').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.md`;
fs.writeFileSync(path.join(outDir, name), text);
process.stdout.write(text);
if (unsolved || invalid) process.exit(3);
