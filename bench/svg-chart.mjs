// Small SVG charts for the benchmark pages: line charts (linear or log axes) and bar charts
// (grouped or stacked), with ticks, axis labels, a legend, a title and <title>/<desc> for screen
// readers. No dependencies; the same input always gives the same bytes (coordinates rounded to
// 0.1 px), so regenerated figures diff cleanly.
import fs from 'node:fs';
import path from 'node:path';

// Plot area inside the viewBox; the legend sits to the right of the plot.
export const layout = Object.freeze({ width: 760, height: 420, left: 72, right: 200, top: 44, bottom: 56 });
// Okabe–Ito colours (distinguishable with the common colour-vision deficiencies), plus dash
// patterns so series stay apart in greyscale too.
const colours = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#999999'];
const dashes = ['', '6 3', '2 3', '8 3 2 3', '', '6 3', '2 3', '8 3 2 3'];

export const escapeXml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const r1 = (v) => String(Math.round(v * 10) / 10);

// Tick label: short, without floating-point noise (0.30000000000000004 → 0.3, 1e6 → 1e6).
export function formatTick(v) {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) return v.toExponential(0).replace('e+', 'e');
  return String(Number(v.toPrecision(6)));
}

function niceStep(span, count) {
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

// Domain and tick values of an axis: linear ticks at 1/2/5 × 10^k, log ticks at powers of ten
// (with 2 and 5 between them when the range spans less than two decades).
export function axisTicks(min, max, log) {
  if (log) {
    const lo = Math.floor(Math.log10(min)), hi = Math.max(Math.ceil(Math.log10(max)), lo + 1);
    const ticks = [];
    for (let e = lo; e <= hi; ++e) for (const m of hi - lo < 2 ? [1, 2, 5] : [1]) if (m * 10 ** e <= 10 ** hi) ticks.push(m * 10 ** e);
    return { min: 10 ** lo, max: 10 ** hi, ticks };
  }
  if (min === max) [min, max] = [min - 1, max + 1];
  const step = niceStep(max - min, 6);
  const lo = Math.floor(min / step) * step, hi = Math.ceil(max / step) * step;
  const ticks = [];
  for (let i = 0; lo + i * step <= hi + step * 1e-9; ++i) ticks.push(Number((lo + i * step).toPrecision(12)));
  return { min: lo, max: hi, ticks };
}

// Maps a value of the domain [min, max] onto the pixel range [from, to] (to < from for y).
export function makeScale({ min, max, log }, from, to) {
  const f = log ? Math.log10 : (v) => v;
  const a = f(min), b = f(max);
  return (v) => from + ((f(v) - a) / (b - a)) * (to - from);
}

function fail(chart, message) {
  throw new Error(`svg-chart: ${chart}: ${message}`);
}

// Refuses input that would draw a wrong or empty figure, naming the series and the value.
// pointsOf(series) gives each point as { x, y } (a bar chart's points have only y).
function checkSeries(chart, series, pointsOf, axes) {
  if (!Array.isArray(series) || series.length === 0) fail(chart, 'no series');
  for (const s of series) {
    const points = pointsOf(s);
    if (!points.length) fail(chart, `series "${s.name}" is empty`);
    points.forEach((point, i) => {
      for (const [axis, v] of Object.entries(point)) {
        if (!Number.isFinite(v)) fail(chart, `series "${s.name}" has a non-finite ${axis} value ${v} at point ${i}`);
        if (axes[axis]?.log && v <= 0) fail(chart, `series "${s.name}" has ${axis} value ${v} at point ${i} on a log axis (needs > 0)`);
        // A point outside a fixed axis range would be drawn over the labels: the caller clips or widens.
        const { min = -Infinity, max = Infinity } = axes[axis] ?? {};
        if (v < min || v > max) fail(chart, `series "${s.name}" has ${axis} value ${v} at point ${i} outside the axis range ${min}..${max}`);
      }
    });
  }
}

function domainOf(values, axis) {
  const min = axis.min ?? Math.min(...values), max = axis.max ?? Math.max(...values);
  const t = axisTicks(min, max, axis.log);
  // An explicit min/max is kept as given, so a caller (or a test) knows where a value lands.
  return { min: axis.min ?? t.min, max: axis.max ?? t.max, ticks: t.ticks.filter((v) => v >= (axis.min ?? t.min) && v <= (axis.max ?? t.max)), log: !!axis.log };
}

function frame({ title, desc }) {
  const { width, height } = layout;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="t d" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<title id="t">${escapeXml(title)}</title>`,
    `<desc id="d">${escapeXml(desc ?? title)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ];
}

const plotBox = () => ({ x0: layout.left, x1: layout.width - layout.right, y0: layout.height - layout.bottom, y1: layout.top });

function xAxis(domain, scale, label, box, tickLabels) {
  const out = [`<line x1="${box.x0}" y1="${box.y0}" x2="${box.x1}" y2="${box.y0}" stroke="#333"/>`];
  for (const [v, text] of tickLabels ?? domain.ticks.map((t) => [t, formatTick(t)])) {
    const x = r1(scale(v));
    out.push(`<line x1="${x}" y1="${box.y0}" x2="${x}" y2="${box.y0 + 5}" stroke="#333"/>`,
      `<text x="${x}" y="${box.y0 + 18}" text-anchor="middle">${escapeXml(text)}</text>`);
  }
  out.push(`<text x="${r1((box.x0 + box.x1) / 2)}" y="${layout.height - 14}" text-anchor="middle">${escapeXml(label)}</text>`);
  return out;
}

function yAxis(domain, scale, label, box) {
  const out = [`<line x1="${box.x0}" y1="${box.y0}" x2="${box.x0}" y2="${box.y1}" stroke="#333"/>`];
  for (const v of domain.ticks) {
    const y = r1(scale(v));
    out.push(`<line x1="${box.x0}" y1="${y}" x2="${box.x1}" y2="${y}" stroke="#e4e4e4"/>`,
      `<text x="${box.x0 - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeXml(formatTick(v))}</text>`);
  }
  const cy = r1((box.y0 + box.y1) / 2);
  out.push(`<text x="16" y="${cy}" text-anchor="middle" transform="rotate(-90 16 ${cy})">${escapeXml(label)}</text>`);
  return out;
}

function legend(names, swatch) {
  const x = layout.width - layout.right + 14;
  return names.flatMap((name, i) => {
    const y = layout.top + 8 + i * 20;
    return [swatch(i, x, y), `<text x="${x + 30}" y="${y}" dominant-baseline="middle">${escapeXml(name)}</text>`];
  });
}

const lineSwatch = (i, x, y) =>
  `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" stroke="${colours[i % colours.length]}" stroke-width="2.5"${dashes[i % dashes.length] ? ` stroke-dasharray="${dashes[i % dashes.length]}"` : ''}/>`;
const boxSwatch = (i, x, y) => `<rect x="${x + 4}" y="${y - 7}" width="16" height="14" fill="${colours[i % colours.length]}"/>`;

// A series' style is its place in the list unless it names one (style: k), so one planner keeps
// its colour across figures that show different subsets of planners.
function seriesPath(s, place, sx, sy) {
  const style = s.style ?? place;
  const colour = colours[style % colours.length], dash = dashes[style % dashes.length];
  const d = s.points.map(([x, y], k) => `${k ? 'L' : 'M'}${r1(sx(x))},${r1(sy(y))}`).join(' ');
  // Markers only where they stay legible: up to 40 points.
  const marks = s.points.length <= 40
    ? s.points.map(([x, y]) => `<circle cx="${r1(sx(x))}" cy="${r1(sy(y))}" r="2.5" fill="${colour}"/>`).join('')
    : '';
  return `<g class="series" data-series="${escapeXml(s.name)}"><path d="${d}" fill="none" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>${marks}</g>`;
}

/**
 * A line chart: spec = { title, desc, x: { label, log?, min?, max? }, y: { ... },
 * series: [{ name, points: [[x, y], ...] }] }. Returns the SVG text.
 */
export function lineChart(spec) {
  const { title, x = {}, y = {}, series } = spec;
  checkSeries(`"${title}"`, series, (s) => (s.points ?? []).map(([x, y]) => ({ x, y })), { x, y });
  const box = plotBox();
  const xd = domainOf(series.flatMap((s) => s.points.map((p) => p[0])), x);
  const yd = domainOf(series.flatMap((s) => s.points.map((p) => p[1])), y);
  const sx = makeScale(xd, box.x0, box.x1), sy = makeScale(yd, box.y0, box.y1);
  return [
    ...frame(spec),
    ...yAxis(yd, sy, y.label ?? '', box),
    ...xAxis(xd, sx, x.label ?? '', box),
    ...series.map((s, i) => seriesPath(s, i, sx, sy)),
    ...legend(series.map((s) => s.name), (i, x, y) => lineSwatch(series[i].style ?? i, x, y)),
    '</svg>',
  ].join('\n') + '\n';
}

/**
 * A bar chart: spec = { title, desc, categories: [...], y: { label, log? }, stacked?,
 * series: [{ name, values: [one per category] }] }. Stacked bars pile the series up in order.
 */
export function barChart(spec) {
  const { title, categories, y = {}, series, stacked = false } = spec;
  if (!Array.isArray(categories) || categories.length === 0) fail(`"${title}"`, 'no categories');
  checkSeries(`"${title}"`, series, (s) => (s.values ?? []).map((y) => ({ y })), { y });
  for (const s of series) if (s.values.length !== categories.length) fail(`"${title}"`, `series "${s.name}" has ${s.values.length} values for ${categories.length} categories`);
  if (stacked && y.log) fail(`"${title}"`, 'stacked bars on a log axis');
  const box = plotBox();
  const tops = stacked ? categories.map((_, c) => series.reduce((sum, s) => sum + s.values[c], 0)) : series.flatMap((s) => s.values);
  const yd = domainOf(y.log ? tops : [0, ...tops], y);
  const sy = makeScale(yd, box.y0, box.y1);
  const slot = (box.x1 - box.x0) / categories.length, barWidth = (slot * 0.7) / (stacked ? 1 : series.length);
  const bars = series.map((s, i) => {
    const rects = s.values.map((v, c) => {
      const below = stacked ? series.slice(0, i).reduce((sum, t) => sum + t.values[c], 0) : 0;
      const base = y.log ? yd.min : below;
      const x = box.x0 + slot * c + slot * 0.15 + (stacked ? 0 : i * barWidth);
      const top = sy(below + v), bottom = sy(base);
      return `<rect x="${r1(x)}" y="${r1(top)}" width="${r1(barWidth)}" height="${r1(bottom - top)}" fill="${colours[i % colours.length]}"/>`;
    });
    return `<g class="series" data-series="${escapeXml(s.name)}">${rects.join('')}</g>`;
  });
  const centre = (c) => box.x0 + slot * (c + 0.5);
  return [
    ...frame(spec),
    ...yAxis(yd, sy, y.label ?? '', box),
    ...xAxis(null, (c) => centre(c), spec.xLabel ?? '', box, categories.map((name, c) => [c, String(name)])),
    ...bars,
    ...legend(series.map((s) => s.name), boxSwatch),
    '</svg>',
  ].join('\n') + '\n';
}

// The empirical CDF of values as at most maxPoints [value, share ≤ value] points (quantiles),
// so a figure over thousands of queries stays small.
export function cdfPoints(values, maxPoints = 101) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return [];
  const n = Math.min(maxPoints, sorted.length);
  return Array.from({ length: n }, (_, k) => {
    const i = n === 1 ? sorted.length - 1 : Math.round((k / (n - 1)) * (sorted.length - 1));
    return [sorted[i], (i + 1) / sorted.length];
  });
}

// Writes bench/results/figures/NAME.svg under outDir and returns the page's markdown for it:
// the image and, under it, the command that regenerates it.
export function writeFigure(outDir, name, svg, { alt, command, subset }) {
  const dir = path.join(outDir, 'figures');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.svg`), svg);
  return `\n![${escapeMarkdown(alt)}](figures/${name}.svg)\n\n*Data: ${escapeMarkdown(subset)}. Regenerate: \`${command}\`.*\n`;
}

// Planner names carry asterisks (A*, HPA*): escaped, they stay text instead of opening emphasis.
const escapeMarkdown = (text) => String(text).replace(/[\\`*_[\]]/g, (c) => `\\${c}`);
