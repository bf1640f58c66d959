// The benchmark pages' chart module (bench/svg-chart.mjs): well-formed SVG, one group per series with
// its points, escaped text, values at the right pixels on linear and log axes, and clear refusals of
// input that would draw a wrong figure.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axisTicks, barChart, cdfPoints, escapeXml, layout, lineChart, makeScale, writeFigure } from '../../bench/svg-chart.mjs';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A strict little XML reader (enough for SVG without comments or CDATA): throws on an unbalanced
 * tag, an unquoted or repeated attribute, or a bare '<' or '&' in text. */
function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  const checkText = (text: string) => {
    if (/<|&(?!(?:amp|lt|gt|quot|#39);)/.test(text)) throw new Error(`bad text: ${text}`);
  };
  let i = 0;
  while (i < source.length) {
    const next = source.indexOf('<', i);
    const text = source.slice(i, next < 0 ? source.length : next);
    checkText(text);
    stack.at(-1)!.text += text.trim();
    if (next < 0) break;
    tag.lastIndex = next;
    const m = tag.exec(source);
    if (!m) throw new Error(`malformed tag at ${next}: ${source.slice(next, next + 40)}`);
    const [whole, closing, name, attributeText, selfClosing] = m;
    if (closing) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
    } else {
      const attributes: Record<string, string> = {};
      for (const [, key, value] of attributeText!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (key! in attributes) throw new Error(`attribute ${key} twice on <${name}>`);
        checkText(value!);
        attributes[key!] = value!;
      }
      const element: XmlElement = { name: name!, attributes, children: [], text: '' };
      stack.at(-1)!.children.push(element);
      if (!selfClosing) stack.push(element);
    }
    i = next + whole!.length;
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (root.children.length !== 1) throw new Error('not one root element');
  return root.children[0]!;
}

const all = (e: XmlElement, name: string): XmlElement[] =>
  e.children.flatMap((c) => [...(c.name === name ? [c] : []), ...all(c, name)]);
const seriesGroups = (svg: XmlElement) => all(svg, 'g').filter((g) => g.attributes.class === 'series');
const pathPoints = (d: string) => d.split(' ').map((step) => step.slice(1).split(',').map(Number));

const plot = { x0: layout.left, x1: layout.width - layout.right, y0: layout.height - layout.bottom, y1: layout.top };

describe('lineChart', () => {
  const svg = lineChart({
    title: 'A* & <JPS> "times"',
    desc: 'two series',
    x: { label: 'length', min: 0, max: 100 },
    y: { label: 'µs', log: true, min: 1, max: 1000 },
    series: [
      { name: 'A*', points: [[0, 1], [50, 10], [100, 1000]] },
      { name: "JPS's <fast>", points: [[10, 2], [90, 3]] },
    ],
  });
  const doc = parseXml(svg);

  test('is well-formed SVG with a viewBox, a title and a description', () => {
    expect(doc.name).toBe('svg');
    expect(doc.attributes.viewBox).toBe(`0 0 ${layout.width} ${layout.height}`);
    expect(doc.attributes['font-family']).toMatch(/sans-serif/);
    expect(all(doc, 'title')[0]!.text).toBe('A* &amp; &lt;JPS&gt; &quot;times&quot;');
    expect(all(doc, 'desc')[0]!.text).toBe('two series');
  });

  test('has one group per series, with one point per value', () => {
    const groups = seriesGroups(doc);
    expect(groups.map((g) => g.attributes['data-series'])).toEqual(['A*', 'JPS&#39;s &lt;fast&gt;']);
    expect(groups.map((g) => pathPoints(all(g, 'path')[0]!.attributes.d!).length)).toEqual([3, 2]);
    expect(groups.map((g) => all(g, 'circle').length)).toEqual([3, 2]);
  });

  test('puts known values at known pixels on a linear x and a log y axis', () => {
    const [first, middle, last] = pathPoints(all(seriesGroups(doc)[0]!, 'path')[0]!.attributes.d!);
    expect(first).toEqual([plot.x0, plot.y0]);
    // 50 is half of 0..100; 10 is a third of the decades 1..1000.
    expect(middle![0]).toBeCloseTo((plot.x0 + plot.x1) / 2, 1);
    expect(middle![1]).toBeCloseTo(plot.y0 + ((plot.y1 - plot.y0) * 1) / 3, 1);
    expect(last).toEqual([plot.x1, plot.y1]);
  });

  test('is the same text for the same input', () => {
    const spec = { title: 't', series: [{ name: 's', points: [[1, 2], [3, 4.123456]] as [number, number][] }] };
    expect(lineChart(spec)).toBe(lineChart(spec));
    expect(lineChart(spec)).not.toMatch(/\d\.\d\d/); // coordinates rounded to 0.1
  });

  test('a series naming its style keeps that colour whatever its place', () => {
    const strokeOf = (svgText: string) => all(seriesGroups(parseXml(svgText))[0]!, 'path')[0]!.attributes.stroke;
    const alone = lineChart({ title: 't', series: [{ name: 'DHPA*', style: 4, points: [[1, 1]] }] });
    const fifth = lineChart({ title: 't', series: [0, 1, 2, 3, 4].map((k) => ({ name: `s${k}`, points: [[1, 1]] as [number, number][] })) });
    expect(strokeOf(alone)).toBe(all(seriesGroups(parseXml(fifth))[4]!, 'path')[0]!.attributes.stroke);
    expect(strokeOf(alone)).not.toBe(strokeOf(fifth));
  });

  test('refuses an empty chart or series, naming it', () => {
    expect(() => lineChart({ title: 'T', series: [] })).toThrow(/"T": no series/);
    expect(() => lineChart({ title: 'T', series: [{ name: 'HPA*', points: [] }] })).toThrow(/series "HPA\*" is empty/);
  });

  test('refuses a non-finite value, naming the series, the axis and the value', () => {
    expect(() => lineChart({ title: 'T', series: [{ name: 'JPS', points: [[1, 2], [2, NaN]] }] })).toThrow(
      /series "JPS" has a non-finite y value NaN at point 1/,
    );
    expect(() => lineChart({ title: 'T', series: [{ name: 'JPS', points: [[Infinity, 2]] }] })).toThrow(/non-finite x value Infinity/);
  });

  test('refuses a value outside a fixed axis range', () => {
    expect(() => lineChart({ title: 'T', x: { min: 0, max: 10 }, series: [{ name: 'auto', points: [[5, 1], [12, 1]] }] })).toThrow(
      /series "auto" has x value 12 at point 1 outside the axis range 0..10/,
    );
  });

  test('refuses a value ≤ 0 on a log axis', () => {
    expect(() => lineChart({ title: 'T', y: { log: true }, series: [{ name: 'A*', points: [[1, 5], [2, 0]] }] })).toThrow(
      /series "A\*" has y value 0 at point 1 on a log axis/,
    );
    expect(() => lineChart({ title: 'T', x: { log: true }, series: [{ name: 'A*', points: [[-3, 5]] }] })).toThrow(/x value -3/);
  });
});

describe('barChart', () => {
  test('stacks the series, one rectangle per category, the stack topped at the total', () => {
    const doc = parseXml(barChart({
      title: 'effort',
      categories: ['L1', 'L2', 'L3'],
      stacked: true,
      y: { label: 'expansions', min: 0, max: 100 },
      series: [{ name: 'SG', values: [10, 20, 30] }, { name: 'main', values: [40, 30, 20] }, { name: 'refinement', values: [50, 50, 50] }],
    }));
    const groups = seriesGroups(doc);
    expect(groups.map((g) => all(g, 'rect').length)).toEqual([3, 3, 3]);
    const top = all(groups[2]!, 'rect')[0]!; // 10 + 40 + 50 = 100, the top of the axis
    expect(Number(top.attributes.y)).toBeCloseTo(plot.y1, 1);
    const bottom = all(groups[0]!, 'rect')[0]!;
    expect(Number(bottom.attributes.y) + Number(bottom.attributes.height)).toBeCloseTo(plot.y0, 1);
  });

  test('refuses a series with a value per category missing', () => {
    expect(() => barChart({ title: 'B', categories: ['a', 'b'], series: [{ name: 'S', values: [1] }] })).toThrow(
      /series "S" has 1 values for 2 categories/,
    );
  });
});

describe('scales and helpers', () => {
  test('linear and log scales map the domain onto the pixels', () => {
    expect(makeScale({ min: 0, max: 10 }, 100, 200)(2.5)).toBe(125);
    expect(makeScale({ min: 1, max: 10000, log: true }, 400, 0)(100)).toBe(200);
  });

  test('ticks are round numbers covering the data', () => {
    expect(axisTicks(3, 97, false)).toEqual({ min: 0, max: 100, ticks: [0, 20, 40, 60, 80, 100] });
    expect(axisTicks(3, 4000, true)).toEqual({ min: 1, max: 10000, ticks: [1, 10, 100, 1000, 10000] });
  });

  test('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
  });

  test('a CDF of many values is at most the requested number of quantiles, ending at 1', () => {
    const points = cdfPoints(Array.from({ length: 1000 }, (_, i) => 999 - i), 11);
    expect(points).toHaveLength(11);
    expect(points[0]).toEqual([0, 0.001]);
    expect(points[5]).toEqual([500, 0.501]);
    expect(points.at(-1)).toEqual([999, 1]);
  });

  test('writeFigure writes figures/NAME.svg and returns its markdown: escaped alt text, the data and the command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svg-chart-'));
    try {
      const markdown = writeFigure(dir, 'speed', '<svg/>', { alt: 'A* and HPA* [log]', command: 'node bench/x.mjs --maps a', subset: 'every scenario of a' });
      expect(readFileSync(join(dir, 'figures/speed.svg'), 'utf8')).toBe('<svg/>');
      expect(markdown).toContain('![A\\* and HPA\\* \\[log\\]](figures/speed.svg)');
      expect(markdown).toContain('*Data: every scenario of a. Regenerate: `node bench/x.mjs --maps a`.*');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
