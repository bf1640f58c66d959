// Vite plugin: the Moving AI maps of maps/ (and their .scen scenario files) for the demo.
//   - `import maps from 'virtual:hpastar-maps'` gives their names, sizes and whether a scenario file
//     exists (read when the module loads);
//   - the dev server serves each as /maps/NAME.map (and /maps/NAME.map.scen), and `vite build` copies
//     them to dist/maps/.
// Why not `import.meta.glob('../../maps/*.map', { query: '?raw' })`: the dev server takes every request
// whose path ends in `.map` for a source map, so such imports fail in dev (they work only in builds).
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** One entry of `virtual:hpastar-maps`. */
export interface BundledMap {
  /** File name, e.g. `arena.map`; fetched from `${import.meta.env.BASE_URL}maps/${name}`. */
  name: string;
  width: number;
  height: number;
  /** True when `${name}.scen` exists beside it (fetched from the same folder). */
  scen: boolean;
}

const VIRTUAL_ID = 'virtual:hpastar-maps';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function bundledMaps(mapsDir: string): Plugin {
  const list = (): BundledMap[] =>
    readdirSync(mapsDir)
      .filter((name) => name.endsWith('.map'))
      .sort()
      .map((name) => {
        const header = readFileSync(join(mapsDir, name), 'utf8').slice(0, 200);
        const value = (key: string) => Number(new RegExp(`^${key}\\s+(\\d+)`, 'm').exec(header)?.[1] ?? 0);
        return { name, width: value('width'), height: value('height'), scen: existsSync(join(mapsDir, `${name}.scen`)) };
      });

  return {
    name: 'hpastar-bundled-maps',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? `export default ${JSON.stringify(list())};` : undefined;
    },
    configureServer(server) {
      // Registered directly (not in a returned hook), so it runs before Vite's own middlewares.
      server.middlewares.use((req, res, next) => {
        const match = /^\/maps\/([\w.-]+\.map)(\.scen)?(?:\?.*)?$/.exec(req.url ?? '');
        const name = match?.[1];
        const entry = name ? list().find((m) => m.name === name) : undefined;
        if (!name || !entry || (match[2] && !entry.scen)) return next();
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(join(mapsDir, name + (match[2] ?? ''))).on('error', next).pipe(res);
      });
    },
    generateBundle() {
      for (const { name, scen } of list()) {
        this.emitFile({ type: 'asset', fileName: `maps/${name}`, source: readFileSync(join(mapsDir, name)) });
        if (scen) this.emitFile({ type: 'asset', fileName: `maps/${name}.scen`, source: readFileSync(join(mapsDir, `${name}.scen`)) });
      }
    },
  };
}
