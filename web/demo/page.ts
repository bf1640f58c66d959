// The elements of index.html the demo uses, looked up once (the end-to-end tests use the same ids).

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function findElements() {
  const $ = byId;
  const canvas = $<HTMLCanvasElement>('map-canvas');
  const topCanvas = $<HTMLCanvasElement>('map-canvas-top');
  return {
    canvas,
    ctx: canvas.getContext('2d')!,
    /** Over the map's canvas: what changes every frame (agents, flashes, the pointer, a dragged rectangle). */
    topCanvas,
    topCtx: topCanvas.getContext('2d')!,
    picker: $<HTMLSelectElement>('map-picker'),
    algoPicker: $<HTMLSelectElement>('algo'),
    message: $<HTMLParagraphElement>('message'),
    options: {
      cluster: $<HTMLInputElement>('opt-cluster'),
      entrance: $<HTMLInputElement>('opt-entrance'),
      smooth: $<HTMLInputElement>('opt-smooth'),
      anyAngle: $<HTMLInputElement>('opt-any-angle'),
      cache: $<HTMLInputElement>('opt-cache'),
      prune: $<HTMLInputElement>('opt-prune'),
      landmarks: $<HTMLInputElement>('opt-landmarks'),
      table: $<HTMLInputElement>('opt-table'),
      agentSize: $<HTMLSelectElement>('opt-agent-size'),
      capability: $<HTMLSelectElement>('opt-capability'),
    },
    /** HAA*'s agent: its size and terrain. */
    agentOptions: $('agent-options'),
    /** The options HAA* does not read (HPA*'s entrances, smoothing, caching, pruning, landmarks, table). */
    notForHaa: [...document.querySelectorAll<HTMLElement>('[data-not-for~=haa]')],
    /** Where the optimal reference's search is named ("A*", or "Annotated A*" under HAA*), and their tooltips. */
    referenceNames: [...document.querySelectorAll<HTMLElement>('[data-reference-name]')],
    referenceTitles: [...document.querySelectorAll<HTMLElement>('[data-reference-title]')],
    buildInfo: $('build-info'),
    brushSize: $<HTMLInputElement>('brush-size'),
    brushSizeOut: $('brush-size-out'),
    hudCell: $('hud-cell'),
    hudZoom: $('hud-zoom'),
    pathLabel: $('path-label'),
    overlayBoxes: [...document.querySelectorAll<HTMLInputElement>('input[data-overlay]')],
    toolRadios: [...document.querySelectorAll<HTMLInputElement>('input[name=tool]')],
    /** What Brush and Rect paint: values `terrain:<character>` or `cost:<layer value>`. */
    paintRadios: [...document.querySelectorAll<HTMLInputElement>('input[name=paint]')],
    kindCosts: { '.': $<HTMLInputElement>('cost-ground'), S: $<HTMLInputElement>('cost-swamp') },
    costRamp: $('cost-ramp'),
    tabs: [...document.querySelectorAll<HTMLButtonElement>('.tabs button')],
    /** The explore numbers. */
    numbers: {
      time: $('n-time'), sg: $('n-sg'), main: $('n-main'), refine: $('n-refine'), expanded: $('n-expanded'), abstract: $('n-abstract'),
      cost: $('n-cost'), unsmoothed: $('n-unsmoothed'), optimal: $('n-optimal'), astar: $('n-astar'), subopt: $('n-subopt'), edit: $('n-edit'),
    },
    /** The crowd's numbers. */
    crowdNumbers: {
      pool: $('c-pool'), fps: $('c-fps'), frame: $('c-frame'), searches: $('c-searches'), load: $('c-load'), agents: $('c-agents'), arrivals: $('c-arrivals'),
    },
    agentsSlider: $<HTMLInputElement>('agents'),
    agentsOut: $('agents-out'),
    speedSlider: $<HTMLInputElement>('agent-speed'),
    speedOut: $('agent-speed-out'),
    agentRoutes: $<HTMLInputElement>('agent-routes'),
    crowdToggle: $<HTMLButtonElement>('crowd-toggle'),
    crowdPause: $<HTMLButtonElement>('crowd-pause'),
    crowdUnits: $<HTMLSelectElement>('crowd-units'),
    crowdAvoid: $<HTMLInputElement>('crowd-avoid'),
    crowdProgressRow: $('crowd-progress-row'),
    crowdProgress: $<HTMLProgressElement>('crowd-progress'),
    crowdProgressPhase: $('crowd-progress-phase'),
    compare: $('compare'),
    crowdSection: $('crowd-section'),
    numbersSection: $('numbers-section'),
  };
}

export type Elements = ReturnType<typeof findElements>;
