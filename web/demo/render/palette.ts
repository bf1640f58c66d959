// One palette for the canvas and the legend: the Okabe-Ito colours (told apart by readers with any
// common colour-vision deficiency), helped by shape and line style (disc and square, solid, dashed,
// dotted), and viridis for values on a scale. main.ts copies these into CSS variables for the legend.

export const OKABE_ITO = {
  black: '#000000',
  orange: '#e69f00',
  skyBlue: '#56b4e9',
  green: '#009e73',
  yellow: '#f0e442',
  blue: '#0072b2',
  vermillion: '#d55e00',
  purple: '#cc79a7',
} as const;

export const PALETTE = {
  start: OKABE_ITO.green,
  goal: OKABE_ITO.vermillion,
  path: OKABE_ITO.blue,
  refined: OKABE_ITO.orange,
  abstract: OKABE_ITO.purple,
  reference: OKABE_ITO.black,
  // Borders: sky blue for level 1, black for the upper levels (told apart by width and dashes), so
  // that blue stays the path's.
  cluster1: OKABE_ITO.skyBlue,
  cluster2: '#3a3a3a',
  cluster3: OKABE_ITO.black,
  node1: OKABE_ITO.yellow,
  nodeUpper: OKABE_ITO.orange,
  inter: OKABE_ITO.black,
  flash: OKABE_ITO.vermillion,
  agent: OKABE_ITO.vermillion,
  agentWaiting: OKABE_ITO.purple,
  brush: OKABE_ITO.vermillion,
  // HAA*: cells where the agent's square fits (true clearance), cells Brushfire wrongly shuts, the
  // agent's square along its path.
  clearance: OKABE_ITO.green,
  brushfire: OKABE_ITO.vermillion,
  footprint: OKABE_ITO.skyBlue,
  background: '#d9d9d9',
} as const;

export type PaletteKey = keyof typeof PALETTE;

/**
 * The searches' open and closed sets, one colour per phase, each the colour of what the phase makes:
 * insertion sky blue, the abstract search purple (as the abstract path), refinement orange (as the
 * refined path), A* blue (as a path). Closed and open also differ by strength (cells) or fill (nodes).
 */
export const PHASE_COLOURS = {
  insertion: OKABE_ITO.skyBlue,
  abstract: OKABE_ITO.purple,
  refinement: OKABE_ITO.orange,
  astar: OKABE_ITO.blue,
} as const;

/** A CSS colour `#rrggbb` as its red, green and blue. */
function rgbOf(hex: string): readonly [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [v >> 16, (v >> 8) & 0xff, v & 0xff];
}

/** Categorical colours for connected components (cycled): the Okabe-Ito colours but black. */
export const COMPONENT_RGB: readonly (readonly [number, number, number])[] = (
  ['orange', 'skyBlue', 'green', 'yellow', 'blue', 'vermillion', 'purple'] as const
).map((name) => rgbOf(OKABE_ITO[name]));

// Viridis, sampled at 9 points (perceptually uniform, readable in grey and by colour-blind readers).
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'].map(rgbOf);

/** Viridis at t in [0, 1] (0 = dark purple, 1 = yellow), as a CSS colour. */
export function viridis(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const c = VIRIDIS[i]!.map((v, k) => Math.round(v + (VIRIDIS[i + 1]![k]! - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** Plain ground (`.`), the base of the cost tints in the legend. */
export const GROUND_RGB = [0xf2, 0xf0, 0xeb] as const;

/**
 * Cells tinted by what crossing them costs: cheaper than plain ground towards green (a road at 0.5× is
 * halfway, 0.25× and below fully), costlier towards red (in doublings: 3× about 40 %, 16× fully). Both
 * are far from the overlays' blue, orange and purple, and the walls stay the darkest cells.
 */
export const COST_TINT = {
  cheaper: [0x5a, 0xae, 0x61],
  costlier: [0xa5, 0x0f, 0x15],
} as const;

/** The multipliers the legend's ramp shows, cheapest to costliest. */
export const COST_RAMP_STOPS = [0.25, 0.5, 1, 2, 4, 8, 16] as const;

/** `base` tinted for a cell whose crossing costs `multiplier` times a plain step. */
export function costTint(base: readonly [number, number, number], multiplier: number): [number, number, number] {
  if (multiplier === 1) return [base[0], base[1], base[2]];
  const cheaper = multiplier < 1;
  const f = Math.min(1, Math.abs(Math.log2(multiplier)) / (cheaper ? 2 : 4));
  const to = cheaper ? COST_TINT.cheaper : COST_TINT.costlier;
  return [0, 1, 2].map((k) => Math.round(base[k]! + (to[k]! - base[k]!) * f)) as [number, number, number];
}

const css = ([r, g, b]: readonly number[]) => `rgb(${r},${g},${b})`;

/** The colour of plain ground at `multiplier`, as a CSS colour (the legend's swatches). */
export const groundAtCost = (multiplier: number) => css(costTint(GROUND_RGB, multiplier));

/** Sets `--name` CSS variables on the document from the palette, for the legend's swatches. */
export function exportPaletteToCss(): void {
  const style = document.documentElement.style;
  for (const [key, value] of Object.entries(PALETTE)) style.setProperty(`--${key}`, value);
  for (const [phase, value] of Object.entries(PHASE_COLOURS)) style.setProperty(`--phase-${phase}`, value);
  style.setProperty('--viridis', `linear-gradient(90deg, ${[0, 0.21, 0.42, 0.64, 0.85].map(viridis).join(', ')})`);
}
