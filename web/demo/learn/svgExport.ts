// The figure as vector graphics: a drawing context with the few calls the walkthrough's view makes
// (LearnView draws each step through it as through a canvas's), which writes SVG elements instead of
// pixels: rectangles, circles, polylines and text. Cells filled one by one (terrain, searches) are
// merged into one rectangle per run of a row, so that a big map's file stays small.

/** The calls of a canvas's 2D context that the walkthrough's views make. */
export type DrawContext = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'lineJoin'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'setLineDash'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'rect'
  | 'fill'
  | 'stroke'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'measureText'
  | 'translate'
>;

/** One piece of a path: a run of lines, a circle or a rectangle. */
type Shape = { kind: 'lines'; points: number[] } | { kind: 'circle'; x: number; y: number; r: number } | { kind: 'rect'; x: number; y: number; w: number; h: number };

/** Numbers short in the file: two decimals at most. */
const num = (v: number): string => String(Math.round(v * 100) / 100);

const escapeXml = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Cells of one colour waiting to be written: merged into runs per row when the colour changes. */
interface PendingCells {
  fill: string;
  opacity: number;
  rects: [number, number, number, number][];
}

export class SvgContext implements DrawContext {
  fillStyle: string | CanvasGradient | CanvasPattern = '#000000';
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000000';
  lineWidth = 1;
  globalAlpha = 1;
  lineJoin: CanvasLineJoin = 'miter';
  font = '10px sans-serif';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  #dash: number[] = [];
  #dx = 0;
  #dy = 0;
  #shapes: Shape[] = [];
  /** Each element drawn: its shape (tag and geometry) and its paint (the attributes a group may hold for it). */
  #elements: { shape: string; paint: string }[] = [];
  #pending: PendingCells | null = null;
  /** A canvas's context for measureText, made on the first call. */
  #measure: CanvasRenderingContext2D | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  setLineDash(segments: number[]): void {
    this.#dash = [...segments];
  }

  translate(x: number, y: number): void {
    this.#dx += x;
    this.#dy += y;
  }

  beginPath(): void {
    this.#shapes = [];
  }

  moveTo(x: number, y: number): void {
    this.#shapes.push({ kind: 'lines', points: [x + this.#dx, y + this.#dy] });
  }

  lineTo(x: number, y: number): void {
    const last = this.#shapes.at(-1);
    if (last?.kind === 'lines') last.points.push(x + this.#dx, y + this.#dy);
    else this.moveTo(x, y);
  }

  /** A whole circle (the views draw no other arcs). */
  arc(x: number, y: number, r: number): void {
    this.#shapes.push({ kind: 'circle', x: x + this.#dx, y: y + this.#dy, r });
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.#shapes.push({ kind: 'rect', x: x + this.#dx, y: y + this.#dy, w, h });
  }

  fill(): void {
    for (const s of this.#shapes) this.#shape(s, `fill="${this.#colour(this.fillStyle)}"`);
  }

  stroke(): void {
    for (const s of this.#shapes) this.#shape(s, `fill="none" ${this.#strokeAttributes()}`);
  }

  /** A filled cell: kept with the others of its colour and written merged (see {@link SvgContext.#flushCells}). */
  fillRect(x: number, y: number, w: number, h: number): void {
    const fill = this.#colour(this.fillStyle);
    if (this.#pending && (this.#pending.fill !== fill || this.#pending.opacity !== this.globalAlpha)) this.#flushCells();
    this.#pending ??= { fill, opacity: this.globalAlpha, rects: [] };
    this.#pending.rects.push([x + this.#dx, y + this.#dy, w, h]);
  }

  strokeRect(x: number, y: number, w: number, h: number): void {
    this.#shape({ kind: 'rect', x: x + this.#dx, y: y + this.#dy, w, h }, `fill="none" ${this.#strokeAttributes()}`);
  }

  fillText(text: string, x: number, y: number): void {
    const anchor = this.textAlign === 'center' ? 'middle' : this.textAlign === 'right' || this.textAlign === 'end' ? 'end' : 'start';
    const baseline = this.textBaseline === 'middle' ? ' dominant-baseline="middle"' : '';
    this.#write(`<text x="${num(x + this.#dx)}" y="${num(y + this.#dy)}" style="font: ${escapeXml(this.font)}" text-anchor="${anchor}"${baseline}>${escapeXml(text)}</text>`, `fill="${this.#colour(this.fillStyle)}"`);
  }

  /** The text's size in the current font, measured by a canvas of the page's (the file's text is drawn with the same font). */
  measureText(text: string): TextMetrics {
    this.#measure ??= document.createElement('canvas').getContext('2d')!;
    this.#measure.font = this.font;
    return this.#measure.measureText(text);
  }

  /** The document: everything drawn so far, in the order it was drawn. */
  toString(): string {
    this.#flushCells();
    const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${num(this.width)}" height="${num(this.height)}" viewBox="0 0 ${num(this.width)} ${num(this.height)}">`;
    return `${head}\n${this.#grouped().join('\n')}\n</svg>\n`;
  }

  /**
   * The elements, a run of them with the same paint in one group that holds it (a big map's thousands
   * of edges of one colour and width name it once). Paint is inherited, and opacity is given as
   * fill-opacity or stroke-opacity (inherited, per element), so a group draws as its elements would.
   */
  #grouped(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.#elements.length; ) {
      const { paint } = this.#elements[i]!;
      let j = i;
      while (j < this.#elements.length && this.#elements[j]!.paint === paint) j++;
      const shapes = this.#elements.slice(i, j).map((e) => e.shape);
      if (j - i === 1) out.push(shapes[0]!.replace(/^(<\w+)/, `$1 ${paint}`));
      else out.push(`<g ${paint}>`, ...shapes, '</g>');
      i = j;
    }
    return out;
  }

  /** One element: `shape` its tag, geometry and content, `paint` its fill and stroke attributes. */
  #write(shape: string, paint: string): void {
    this.#flushCells();
    this.#elements.push({ shape, paint });
  }

  #colour(style: string | CanvasGradient | CanvasPattern): string {
    return typeof style === 'string' ? escapeXml(style) : '#000000';
  }

  #strokeAttributes(): string {
    const dash = this.#dash.length ? ` stroke-dasharray="${this.#dash.map(num).join(' ')}"` : '';
    const alpha = this.globalAlpha < 1 ? ` stroke-opacity="${num(this.globalAlpha)}"` : '';
    return `stroke="${this.#colour(this.strokeStyle)}" stroke-width="${num(this.lineWidth)}" stroke-linejoin="${this.lineJoin}"${dash}${alpha}`;
  }

  #shape(s: Shape, paint: string): void {
    const alpha = this.globalAlpha < 1 && !paint.includes('opacity') ? ` fill-opacity="${num(this.globalAlpha)}"` : '';
    if (s.kind === 'circle') this.#write(`<circle cx="${num(s.x)}" cy="${num(s.y)}" r="${num(s.r)}"/>`, paint + alpha);
    else if (s.kind === 'rect') this.#write(`<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}"/>`, paint + alpha);
    else if (s.points.length >= 4) this.#write(`<polyline points="${s.points.map(num).join(' ')}"/>`, paint + alpha);
  }

  /**
   * The cells of one colour, sorted by row and merged into one rectangle per run of touching cells:
   * their order does not show (one colour), and a search of thousands of cells becomes a few hundred
   * runs. A cell filled again (searches of a cluster's nodes overlap) darkens it, as on the canvas: each
   * repeat goes to a layer of its own, merged the same way and drawn over the one before.
   */
  #flushCells(): void {
    const p = this.#pending;
    this.#pending = null;
    if (!p) return;
    const seen = new Map<string, number>();
    const layers: [number, number, number, number][][] = [];
    for (const r of p.rects) {
      const key = r.join();
      const depth = seen.get(key) ?? 0;
      seen.set(key, depth + 1);
      (layers[depth] ??= []).push(r);
    }
    const paint = `fill="${p.fill}"${p.opacity < 1 ? ` fill-opacity="${num(p.opacity)}"` : ''}`;
    for (const layer of layers)
      for (const [x, y, w, h] of mergeRuns(layer)) this.#elements.push({ shape: `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"/>`, paint });
  }
}

/** Rectangles of one row and height that touch, merged into one: sorted by row, then by column. */
function mergeRuns(rects: [number, number, number, number][]): [number, number, number, number][] {
  const runs: [number, number, number, number][] = [];
  for (const r of rects.sort((a, b) => a[1] - b[1] || a[0] - b[0])) {
    const last = runs.at(-1);
    if (last && last[1] === r[1] && last[3] === r[3] && Math.abs(last[0] + last[2] - r[0]) < 1e-6) last[2] += r[2];
    else runs.push([...r]);
  }
  return runs;
}

/**
 * The terrain of `area` (an image of one pixel per cell), `cell` pixels a cell, as few rectangles as
 * runs allow: the commonest colour as one rectangle under the whole map, then each other colour's runs
 * of a row, a run stretched down over the rows below that have the same run (a wall one cell wide is
 * one rectangle, not one a row).
 */
export function terrainRects(svg: SvgContext, terrain: HTMLCanvasElement, area: { x: number; y: number; width: number; height: number }, cell: number): void {
  const data = terrain.getContext('2d')!.getImageData(area.x, area.y, area.width, area.height).data;
  const colourAt = (i: number) => `rgb(${data[4 * i]}, ${data[4 * i + 1]}, ${data[4 * i + 2]})`;
  // Per colour, its rectangles (in cells), keyed by a run's column and width while the run goes on down.
  const rects = new Map<string, [number, number, number, number][]>();
  const open = new Map<string, [number, number, number, number]>();
  const cells = new Map<string, number>();
  for (let y = 0; y < area.height; y++) {
    let start = 0;
    for (let x = 1; x <= area.width; x++) {
      const i = y * area.width + x;
      if (x < area.width && colourAt(i) === colourAt(i - 1)) continue;
      const colour = colourAt(y * area.width + start);
      cells.set(colour, (cells.get(colour) ?? 0) + x - start);
      const key = `${colour}|${start}|${x - start}`;
      const above = open.get(key);
      if (above && above[1] + above[3] === y) above[3]++;
      else {
        const r: [number, number, number, number] = [start, y, x - start, 1];
        open.set(key, r);
        (rects.get(colour) ?? rects.set(colour, []).get(colour)!).push(r);
      }
      start = x;
    }
  }
  const ground = [...cells].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (ground === undefined) return;
  svg.fillStyle = ground;
  svg.fillRect(0, 0, area.width * cell, area.height * cell);
  for (const [colour, list] of rects) {
    if (colour === ground) continue;
    svg.fillStyle = colour;
    for (const [x, y, w, h] of list) svg.fillRect(x * cell, y * cell, w * cell, h * cell);
  }
}
