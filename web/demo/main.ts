// The hpastar demo: pick, open, generate or draw a map; click (or drag) a start and a goal; see how
// A*, HPA* and DHPA* find the path, with overlays of the hierarchy; compare the algorithms; paint
// walls and watch the hierarchy update; run a crowd of agents whose searches run in the worker pool.
// Everything goes through the package's public API (../lib/index), as a game would use it.
//
// This entry creates the state (state.ts), the renderers that read it (render/) and the controllers
// that change it (controllers/), then loads the module and the map the URL names.
import bundledMaps from 'virtual:hpastar-maps';
import { loadHpastar } from '../lib/index';
import { DEFAULT_SETTINGS, algoInfo, algorithmChoice } from './algorithms';
import { ComparePanel } from './compare';
import { AlgorithmPanel } from './controllers/algorithmPanel';
import { wireCompare } from './controllers/compare';
import { CrowdController } from './controllers/crowd';
import { wireKeyboard } from './controllers/keyboard';
import { BUNDLED, MapLoader } from './controllers/mapLoading';
import { MapSources } from './controllers/mapSources';
import { ModeController } from './controllers/modes';
import { OverlayToggles } from './controllers/overlayToggles';
import { PermalinkSync } from './controllers/permalinkSync';
import { PointerInput } from './controllers/pointer';
import { QueryController } from './controllers/query';
import { TerrainCostPanel } from './controllers/terrainCosts';
import { TerrainEditor } from './controllers/terrainEdits';
import { ToolController } from './controllers/tools';
import { errorText } from './format';
import { parseGeneratorName } from './maps';
import { findElements } from './page';
import { readPermalink } from './permalink';
import { FrameLoop } from './render/frameLoop';
import { MapCanvas } from './render/mapCanvas';
import { OverlayData } from './render/overlayData';
import { exportPaletteToCss } from './render/palette';
import { Panels } from './render/panels';
import { fillTerrainLegend } from './render/terrainLegend';
import { AppState } from './state';
import { warmUp } from './timing';

const DEFAULT_MAP = 'den520d.map';

async function main(): Promise<void> {
  const el = findElements();
  const comparePanel = new ComparePanel(el.compare);
  const state = new AppState(el.canvas, Number(el.brushSize.value), comparePanel.state, () => frames.request());
  window.__hpastarDemo = state.demo;

  const overlayData = new OverlayData(state);
  const panels = new Panels(state, el, overlayData);
  const frames = new FrameLoop(state, new MapCanvas(state, el, overlayData, panels), panels);
  const permalink = new PermalinkSync(state, el, panels);
  const query = new QueryController(state, panels, frames, permalink);
  const crowd = new CrowdController(state, el, panels, frames);
  const tools = new ToolController(state, el, frames);
  const overlays = new OverlayToggles(state, el);
  const maps = new MapLoader(state, el, { panels, frames, query, crowd, overlays, permalink, compare: comparePanel });
  const algorithms = new AlgorithmPanel(state, el, maps, query, crowd, frames);
  const modes = new ModeController(state, el, { panels, frames, tools, crowd, permalink });
  const sources = new MapSources(state, el, maps, tools);

  // The status line asks for what the tool does: a start with Path, painting with the others.
  tools.onChange = () => state.demo.ready && query.sayNextStep();
  exportPaletteToCss();
  fillTerrainLegend(document.getElementById('terrain-legend')!);
  sources.fillPicker();
  algorithms.wire();
  overlays.wire(frames, permalink);
  tools.wire();
  modes.wire();
  crowd.wire(permalink);
  sources.wirePicker();
  wireCompare(state, comparePanel, maps, algorithms, panels);
  const editor = new TerrainEditor(state, panels, frames, query);
  const terrainCosts = new TerrainCostPanel(state, el, tools, editor, permalink);
  new PointerInput(state, el, panels, frames, query, editor).wire();
  wireKeyboard(state, query, tools, frames, crowd);
  frames.followResize(el.canvas);
  sources.wireGenerator();
  sources.wireFiles();
  permalink.wireShare(document.getElementById('share')!);

  // The controls as the URL has them, before the module loads.
  const link = readPermalink(window.location.search);
  state.setAlgorithm(link.algo ? algoInfo(link.algo) : state.algo, { ...DEFAULT_SETTINGS, ...link.settings });
  algorithms.show();
  if (link.overlays) overlays.tick(link.overlays);
  if (link.agents !== undefined) crowd.setAgentCount(link.agents);
  if (link.units) crowd.setUnits(link.units);
  if (link.avoid) crowd.setAvoidance(true);
  state.terrainCosts = { ...state.terrainCosts, ...link.terrainCosts };
  state.demo.terrainCosts = state.terrainCosts;
  terrainCosts.wire();
  overlays.sync();

  try {
    state.hp = await loadHpastar();
  } catch (error) {
    panels.say(`Cannot load the WebAssembly module (run "npm run build:wasm"): ${errorText(error)}`, true);
    return;
  }
  // Before any figure is shown: the first searches of a fresh module run unoptimized code.
  panels.say('Warming up the WebAssembly module…');
  try {
    state.demo.warmUpMs = await warmUp(state.hp);
  } catch (error) {
    console.warn('hpastar demo: warm-up failed', error);
  }
  state.algorithms = algorithmChoice(state.hp);
  const algo = algoInfo(link.algo ?? state.algo.id);
  state.setAlgorithm(state.algorithms.offered.includes(algo) ? algo : algoInfo('hpa2'));
  algorithms.populate();
  overlays.sync();
  el.picker.disabled = false;
  const keep = { start: link.start, goal: link.goal };
  const gen = link.gen ? parseGeneratorName(link.gen) : null;
  let ok = false;
  if (gen) ok = await maps.loadGenerated(gen, keep);
  else if (link.map && BUNDLED.has(link.map)) ok = await maps.loadBundled(link.map, keep);
  if (!ok && !state.shown) {
    const first = BUNDLED.has(DEFAULT_MAP) ? DEFAULT_MAP : bundledMaps[0]?.name;
    if (first) await maps.loadBundled(first);
    else await maps.loadGenerated({ kind: 'maze', width: 128, height: 128, feature: 2, seed: 1 });
  }
  if (link.mode && link.mode !== 'explore') await modes.set(link.mode);
}

void main();
