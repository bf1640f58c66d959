// Typings of svg-chart.mjs, for tests/web/svg-chart.test.ts.
export interface Axis {
  label?: string;
  log?: boolean;
  min?: number;
  max?: number;
}
export interface LineSeries {
  name: string;
  points: ReadonlyArray<readonly [number, number]>;
  /** Colour and dash by this index instead of the series' place in the list. */
  style?: number;
}
export interface BarSeries {
  name: string;
  values: readonly number[];
}
export const layout: Readonly<{ width: number; height: number; left: number; right: number; top: number; bottom: number }>;
export function escapeXml(text: unknown): string;
export function formatTick(v: number): string;
export function axisTicks(min: number, max: number, log?: boolean): { min: number; max: number; ticks: number[] };
export function makeScale(domain: { min: number; max: number; log?: boolean }, from: number, to: number): (v: number) => number;
export function lineChart(spec: { title: string; desc?: string; x?: Axis; y?: Axis; series: readonly LineSeries[] }): string;
export function barChart(spec: {
  title: string;
  desc?: string;
  xLabel?: string;
  categories: readonly (string | number)[];
  y?: Axis;
  stacked?: boolean;
  series: readonly BarSeries[];
}): string;
export function cdfPoints(values: readonly number[], maxPoints?: number): Array<[number, number]>;
export function writeFigure(outDir: string, name: string, svg: string, meta: { alt: string; command: string; subset: string }): string;
