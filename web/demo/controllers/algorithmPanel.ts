// The algorithm picker and its options (cluster size, entrance width, smoothing, caching, pruning,
// landmarks, distance table): a change builds the planner if needed and plans the query again.
import { HIERARCHY_OPTION_RANGES } from '../../lib/generated/contract';
import { AGENT_SIZES, CAPABILITIES, DEFAULT_SETTINGS, algoInfo, type AlgoId, type SearchSettings } from '../algorithms';
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { AppState } from '../state';
import type { CrowdController } from './crowd';
import type { MapLoader } from './mapLoading';
import type { QueryController } from './query';

/** The largest cluster side and entrance width the panel offers: DHPA*'s trees take no larger clusters, and the panel serves every algorithm. */
const PANEL_MAX_SIDE = 255;

export class AlgorithmPanel {
  constructor(
    private readonly state: AppState, private readonly elements: Elements, private readonly maps: MapLoader,
    private readonly query: QueryController, private readonly crowd: CrowdController, private readonly frames: FrameLoop,
  ) {}

  wire(): void {
    this.#applyRanges();
    this.populate();
    this.elements.algoPicker.addEventListener('change', () => void this.changed());
    for (const input of Object.values(this.elements.options)) input.addEventListener('change', () => void this.changed());
  }

  /**
   * The number inputs' ranges, from the core's option schema (the generated contract): the HTML holds
   * none, so they cannot drift from what the planners accept. The panel caps the sides at
   * {@link PANEL_MAX_SIDE}, below the core's maxima.
   */
  #applyRanges(): void {
    const o = this.elements.options;
    const inputs = [[o.cluster, 'clusterSize'], [o.entrance, 'entranceWidth'], [o.landmarks, 'landmarks']] as const;
    for (const [input, name] of inputs) {
      const range = HIERARCHY_OPTION_RANGES[name];
      input.min = String(range.min);
      input.max = String(Math.min(range.max, PANEL_MAX_SIDE));
      input.value = String(DEFAULT_SETTINGS[name]);
    }
  }

  /** Fills the picker with the algorithms offered (and, disabled, those the loaded module lacks). */
  populate(): void {
    const o = this.elements.options;
    if (o.agentSize.length === 0) {
      for (const n of AGENT_SIZES) o.agentSize.add(new Option(`${n} × ${n}`, String(n)));
      for (const c of CAPABILITIES) o.capability.add(new Option(c.replaceAll(',', ', '), c));
    }
    const picker = this.elements.algoPicker;
    picker.length = 0;
    for (const a of this.state.algorithms.offered) picker.add(new Option(a.label, a.id));
    for (const a of this.state.algorithms.notYet) {
      const option = new Option(a.label, a.id);
      option.disabled = true;
      picker.add(option);
    }
    picker.value = this.state.algo.id;
  }

  /** Shows the state's algorithm and options in the panel. */
  show(): void {
    const o = this.elements.options;
    const s = this.state.settings;
    this.elements.algoPicker.value = this.state.algo.id;
    o.cluster.value = String(s.clusterSize);
    o.entrance.value = String(s.entranceWidth);
    o.smooth.checked = s.smooth;
    o.anyAngle.checked = s.anyAngle;
    o.cache.checked = s.cachePaths;
    o.prune.checked = s.pruneEdges;
    o.landmarks.value = String(s.landmarks);
    o.table.checked = s.distanceTable;
    o.agentSize.value = String(s.agentSize);
    o.capability.value = s.capability;
    this.#showAgent();
  }

  /**
   * The agent's size and terrain are HAA*'s alone: shown only for it; the options it does not read are
   * hidden under it; and its optimal reference is Annotated A* (the agent's optimum), named so.
   */
  #showAgent(): void {
    const haa = this.state.algo.kind === 'haa';
    this.elements.agentOptions.hidden = !haa;
    for (const element of this.elements.notForHaa) element.hidden = haa;
    const reference = haa ? 'Annotated A*' : 'A*';
    for (const element of this.elements.referenceNames) element.textContent = reference;
    for (const element of this.elements.referenceTitles) element.title = `The optimal path, found by ${reference} for comparison${haa ? ' (the agent\'s own optimum)' : ''}`;
  }

  /** Picks `id` as if chosen in the picker (a row of the compare table). */
  pick(id: AlgoId): void {
    this.elements.algoPicker.value = id;
    void this.changed();
  }

  async changed(): Promise<void> {
    const s = this.state;
    s.setAlgorithm(algoInfo(this.elements.algoPicker.value as AlgoId), this.#read());
    this.#showAgent();
    if (!s.shown) return;
    const hierarchyChanged = s.mode === 'crowd';
    if (!(await this.maps.prepareAlgorithm())) return;
    this.query.run();
    // Without a query nothing else replaces the "Building…" of prepareAlgorithm.
    this.query.sayNextStep(`${s.algo.label} on ${s.shown.name}. `);
    this.frames.request();
    if (hierarchyChanged) await this.crowd.start();
  }

  #read(): SearchSettings {
    const o = this.elements.options;
    const clamp = (v: number, lo: number, hi: number, d: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : d);
    return {
      clusterSize: clamp(Number(o.cluster.value), HIERARCHY_OPTION_RANGES.clusterSize.min, PANEL_MAX_SIDE, DEFAULT_SETTINGS.clusterSize),
      entranceWidth: clamp(Number(o.entrance.value), HIERARCHY_OPTION_RANGES.entranceWidth.min, PANEL_MAX_SIDE, DEFAULT_SETTINGS.entranceWidth),
      clusterGroup: DEFAULT_SETTINGS.clusterGroup,
      smooth: o.smooth.checked,
      anyAngle: o.anyAngle.checked,
      cachePaths: o.cache.checked,
      pruneEdges: o.prune.checked,
      landmarks: clamp(Number(o.landmarks.value), HIERARCHY_OPTION_RANGES.landmarks.min, HIERARCHY_OPTION_RANGES.landmarks.max, DEFAULT_SETTINGS.landmarks),
      distanceTable: o.table.checked,
      agentSize: AGENT_SIZES.find((n) => n === Number(o.agentSize.value)) ?? DEFAULT_SETTINGS.agentSize,
      capability: CAPABILITIES.find((c) => c === o.capability.value) ?? DEFAULT_SETTINGS.capability,
    };
  }
}
