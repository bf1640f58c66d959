// What makes up the WebAssembly module (issue 38, item 4): links the single-threaded module again from the
// objects of the last `npm run build:wasm` (build/wasm), with function names kept (--profiling-funcs), into
// build/wasm-size/, reads each function's body size from the code section and its name from the name
// section, and sums them by part of the library (by what the function's name says: block worlds, HAA*,
// SHPA*, ...). Also prints the raw and gzip sizes of every shipped file of web/lib/wasm and the pool.
// A function inlined into another counts where it was inlined, so the parts are close, not exact.
// Run: npm run build:wasm && node bench/wasm-composition.mjs [--markdown] [--module grid]
// (--module grid: the module without block worlds, hpastar-grid.wasm, instead of hpastar.wasm)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const grid = process.argv.includes('--module') && process.argv[process.argv.indexOf('--module') + 1] === 'grid';
const moduleFile = grid ? 'hpastar-grid' : 'hpastar';
const objects = path.join(root, `build/wasm/CMakeFiles/${grid ? 'hpastar_wasm_grid' : 'hpastar_wasm'}.dir`);
const out = path.join(root, 'build/wasm-size');

/** The parts, first match wins: a pattern on the demangled function name. */
const PARTS = [
  ['block worlds', /World|Voxel|BlockKind|BlockWorld|Block(Change|Grid)|Ladder|Stair/],
  ['HAA* (agent classes by clearance)', /Haa|Annotated|Clearance|Capabilit/],
  ['SHPA* and merged clusters', /Shpa|ClusterMerge|MergedCluster|GreedyMerger/],
  ['flow fields', /Flow/],
  ['teaching and inspection (traces)', /Trace|Inspect|inspect|AbstractGraphToJS/],
  ['any-angle', /AnyAngle|ThetaStar|SweptLine|VisibilityGraph/],
  ['JPS and JPS+', /JumpPoint|Jps|JPS/],
  ['scenario and map files', /Scenario|MovingAI|scenario/],
  ['saving and loading', /SectionedFile|Sections|serializ|Serializ|::load\(|Loader|Writer|Reader/],
  ['HPA* core', /Hierarchy|HpaStar|HpaPlan|Abstract|QueryOverlay|Cluster|Entrance|Landmark|DistanceTable|PathSmoother|LineReach|Reachab|Component|Label|Tree|DirectPath/],
  ['grid, A* and shared search', /Grid|AStar|Dijkstra|Path|Search|Heap|Point|Moves/],
  ['bindings and embind', /emscripten|embind|bindings|Binding/],
  ['C and C++ runtime', /^std::|^void std::|^bool std::|^__|malloc|free|printf|scan|^str|^mem|^sn|^operator|^abort|^exit|^_|dispose_chunk/],
];

function link() {
  mkdirSync(out, { recursive: true });
  const command = readFileSync(path.join(objects, 'link.txt'), 'utf8').trim().split(/\s+/);
  const o = command.indexOf('-o');
  command[o + 1] = path.join(out, `${moduleFile}.mjs`);
  execFileSync(command[0], [...command.slice(1), '--profiling-funcs'], {
    cwd: path.join(root, 'build/wasm'),
    env: { ...process.env, NODE_PATH: '/usr/share/nodejs' },
    stdio: 'inherit',
  });
  return readFileSync(path.join(out, `${moduleFile}.wasm`));
}

/** Each defined function's body size and name, from a module's code and name sections. */
function functions(bytes) {
  let p = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[p++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const skipLimits = () => {
    const flags = bytes[p++];
    leb();
    if (flags & 1) leb();
  };
  let imported = 0;
  const sizes = [];
  const names = new Map();
  while (p < bytes.length) {
    const id = bytes[p++];
    const end = leb() + p;
    if (id === 2) {
      const skipName = () => {
        const length = leb(); // read before p is added to: `p += leb()` would add to the old p
        p += length;
      };
      for (let n = leb(); n > 0; n--) {
        skipName();
        skipName();
        const kind = bytes[p++];
        if (kind === 0) (leb(), imported++);
        else if (kind === 1) (p++, skipLimits());
        else if (kind === 2) skipLimits();
        else if (kind === 3) p += 2;
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const size = leb();
        sizes.push(size);
        p += size;
      }
    } else if (id === 0 && bytes.subarray(p + 1, p + 5).toString() === 'name') {
      p += 5;
      while (p < end) {
        const sub = bytes[p++];
        const subEnd = leb() + p;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            const length = leb();
            names.set(index, bytes.subarray(p, p + length).toString());
            p += length;
          }
        }
        p = subEnd;
      }
    }
    p = end;
  }
  return sizes.map((size, i) => ({ size, name: names.get(i + imported) ?? `function ${i + imported}` }));
}

const markdown = process.argv.includes('--markdown');
const table = (header, rows) =>
  markdown
    ? [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
    : rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(36) : String(c).padStart(10))).join(' ')).join('\n');

const all = functions(link());
const total = all.reduce((sum, f) => sum + f.size, 0);
const byPart = new Map([...PARTS.map(([name]) => [name, { size: 0, count: 0 }]), ['other', { size: 0, count: 0 }]]);
for (const f of all) {
  const part = byPart.get(PARTS.find(([, pattern]) => pattern.test(f.name))?.[0] ?? 'other');
  part.size += f.size;
  part.count++;
}
console.log(`${moduleFile}.wasm, single-threaded: ${all.length} functions, ${total} bytes of code\n`);
const parts = [...byPart].sort((a, b) => b[1].size - a[1].size);
console.log(table(['part', 'bytes of code', 'share', 'functions'], parts.map(([name, p]) => [name, p.size, `${((100 * p.size) / total).toFixed(1)} %`, p.count])));
console.log(`\nlargest functions:\n`);
const largest = [...all].sort((a, b) => b.size - a.size).slice(0, 12);
console.log(table(['function', 'bytes'], largest.map((f) => [f.name.replace('(anonymous namespace)', '{anonymous}').replace(/\(.*$/, '(...)').replace(/\|/g, '\\|'), f.size])));
console.log('\nshipped files:\n');
const shipped = [
  ...readdirSync(path.join(root, 'web/lib/wasm')).filter((f) => f !== 'package.json').map((f) => `web/lib/wasm/${f}`),
  'web/lib/pool/worker.mjs',
];
console.log(table(['file', 'bytes', 'gzip'], shipped.map((f) => {
  const bytes = readFileSync(path.join(root, f));
  return [f, bytes.length, gzipSync(bytes, { level: 9 }).length];
})));
