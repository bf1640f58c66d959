// Loading a map (bundled, generated, or from a file) and building the chosen algorithm's planner for
// it; the map's scenarios and random connected pairs for the compare view.
import bundledMaps from 'virtual:hpastar-maps';
import type { Point } from '../../lib/index';
import { Planners } from '../algorithms';
import type { ComparePanel } from '../compare';
import { errorText } from '../format';
import { generate, generatorName, parseScenarios, seeded, type GeneratorParams, type Scenario } from '../maps';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { Panels } from '../render/panels';
import { TerrainImage } from '../render/view';
import type { AppState, MapSource } from '../state';
import type { CrowdController } from './crowd';
import type { OverlayToggles } from './overlayToggles';
import type { PermalinkSync } from './permalinkSync';
import type { QueryController } from './query';

/** The bundled maps by name. */
export const BUNDLED: ReadonlyMap<string, (typeof bundledMaps)[number]> = new Map(bundledMaps.map((m) => [m.name, m] as const));

/** The start and goal to keep on the new map (a permalink's), when they are free cells. */
export type KeptEnds = { start?: Point; goal?: Point };

interface MapLoaderDeps {
  panels: Panels;
  frames: FrameLoop;
  query: QueryController;
  crowd: CrowdController;
  overlays: OverlayToggles;
  permalink: PermalinkSync;
  compare: ComparePanel;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response.text();
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export class MapLoader {
  readonly #picker: HTMLSelectElement;

  constructor(private readonly state: AppState, elements: Elements, private readonly deps: MapLoaderDeps) {
    this.#picker = elements.picker;
  }

  loadBundled(name: string, keep?: KeptEnds): Promise<boolean> {
    return this.#show({ kind: 'bundled', name }, async () => ({ text: await fetchText(`${import.meta.env.BASE_URL}maps/${name}`) }), keep);
  }

  loadGenerated(params: GeneratorParams, keep?: KeptEnds): Promise<boolean> {
    return this.#show({ kind: 'gen', params }, async () => generate(params), keep);
  }

  loadFile(file: File): Promise<boolean> {
    return this.#show({ kind: 'file', name: file.name }, async () => ({ text: await file.text() }));
  }

  /** Shows a map; keeps start/goal when `keep` gives valid cells. */
  async #show(source: MapSource, make: () => Promise<{ text?: string; terrain?: Uint8Array; width?: number; height?: number }>, keep?: KeptEnds): Promise<boolean> {
    const s = this.state;
    const { panels, frames, query, crowd, permalink, compare } = this.deps;
    const hp = s.hp;
    if (!hp) return false;
    const token = ++s.loadToken;
    const name = source.kind === 'bundled' ? source.name : source.kind === 'gen' ? generatorName(source.params) : source.name;
    s.demo.ready = false;
    panels.say(`Loading ${name}…`);
    await crowd.stop();
    compare.cancel();
    let grid;
    try {
      const data = await make();
      if (token !== s.loadToken) return false;
      grid = data.text !== undefined ? hp.Grid.fromMovingAI(data.text, name) : hp.Grid.fromTerrain(data.terrain!, data.width!, data.height!);
    } catch (error) {
      if (token === s.loadToken) {
        panels.say(`Cannot open ${name}: ${errorText(error)}`, true);
        s.demo.ready = s.shown !== null;
        this.syncPicker();
      }
      return false;
    }
    // The panel's terrain multipliers hold for every map: the grid carries them, so every planner built
    // from it (and the crowd's pool, built from the planner) follows them. A new map has no cost layer.
    try {
      grid.setTerrainCosts(s.terrainCosts);
    } catch (error) {
      panels.say(`Cannot set the terrain costs of ${name}: ${errorText(error)}`, true);
    }
    const terrain = grid.terrain();
    const costs = new Uint8Array(terrain.length).fill(16);
    s.shown?.planners.dispose();
    const image = new TerrainImage(terrain, costs, grid.width, grid.height, grid.terrainCosts);
    const shown = (s.shown = { name, source, width: grid.width, height: grid.height, terrain, costs, planners: new Planners(hp, grid), image, edited: false });
    s.hierarchy.clear();
    s.shpaClusters = null;
    s.componentsDirty = true;
    s.componentsCache = null;
    s.flashes.clear();
    s.demo.map = name;
    s.demo.width = shown.width;
    s.demo.height = shown.height;
    s.start = keep?.start && query.isFree(keep.start) ? keep.start : null;
    s.goal = keep?.goal && query.takesGoal(keep.goal) && s.start ? keep.goal : null;
    s.outcome = null;
    s.reference = null;
    panels.clearEditNumbers();
    s.view.fit(shown.width, shown.height);
    this.syncPicker();
    frames.request();
    if (!(await this.prepareAlgorithm(token))) return false;
    s.demo.ready = true;
    query.run();
    query.sayNextStep(`${name}: ${shown.width} × ${shown.height}. `);
    permalink.update();
    if (s.mode === 'crowd') void crowd.start();
    return true;
  }

  /** Builds the planner of the chosen algorithm (after a paint, so that "Building…" shows). */
  async prepareAlgorithm(token = this.state.loadToken): Promise<boolean> {
    const s = this.state;
    const { panels, overlays } = this.deps;
    if (!s.shown) return false;
    overlays.sync();
    if (!s.shown.planners.built(s.algo, s.settings)) {
      panels.say(`Building the ${s.algo.label} hierarchy of ${s.shown.name}…`);
      await nextPaint();
      if (token !== s.loadToken || !s.shown) return false;
      try {
        s.shown.planners.prepare(s.algo, s.settings);
      } catch (error) {
        panels.say(`Cannot build: ${errorText(error)}`, true);
        return false;
      }
    }
    panels.showBuildInfo();
    return true;
  }

  /** The picker shows the map on screen: a bundled map by name, any other as a first, extra entry. */
  syncPicker(): void {
    const { shown } = this.state;
    const picker = this.#picker;
    const custom = picker.querySelector<HTMLOptionElement>('option[data-custom]');
    if (shown && shown.source.kind !== 'bundled') {
      const label = `${shown.name}${shown.edited ? ' (edited)' : ''} — ${shown.width} × ${shown.height}`;
      if (custom) custom.text = label;
      else {
        const option = new Option(label, '');
        option.dataset.custom = '1';
        picker.add(option, 0);
      }
      picker.value = '';
    } else {
      custom?.remove();
      if (shown) picker.value = shown.name;
    }
  }

  /**
   * The scenarios of the bundled map on screen (fetched once), or null (no .scen, edited, or weighted:
   * the file's optimal lengths are those of unit costs).
   */
  async scenarios(): Promise<Scenario[] | null> {
    const { shown, scenarioCache } = this.state;
    if (!shown || shown.source.kind !== 'bundled' || shown.edited || shown.planners.grid.weighted) return null;
    const entry = BUNDLED.get(shown.name);
    if (!entry?.scen) return null;
    let p = scenarioCache.get(entry.name);
    if (!p) {
      p = fetchText(`${import.meta.env.BASE_URL}maps/${entry.name}.scen`).then(parseScenarios, () => null);
      scenarioCache.set(entry.name, p);
    }
    return p;
  }

  /** `n` random pairs of connected cells (x0, y0, x1, y1), the same for the same map. */
  randomPairs(n: number): [number, number, number, number][] {
    const s = this.state.shown;
    if (!s) return [];
    const { labels } = s.planners.components(this.state.algo, this.state.settings);
    const random = seeded(12345);
    const out: [number, number, number, number][] = [];
    for (let tries = 0; out.length < n && tries < n * 200; tries++) {
      const a = Math.floor(random() * labels.length), b = Math.floor(random() * labels.length);
      if (a !== b && labels[a] && labels[a] === labels[b]) out.push([a % s.width, Math.floor(a / s.width), b % s.width, Math.floor(b / s.width)]);
    }
    return out;
  }
}
