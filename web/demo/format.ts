// How the demo writes numbers and errors in its panels and messages.

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const fmtMs = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(ms < 10 ? 3 : 1)} ms`);
export const fmtInt = (n: number) => n.toLocaleString('en');
export const plural = (n: number, word: string) => `${fmtInt(n)} ${word}${n === 1 ? '' : 's'}`;

/** `n` with `digits` decimals, never "-0.00": a value that rounds to zero is written as zero. */
export function fmtFixed(n: number, digits: number): string {
  if (!Number.isFinite(n)) return '–';
  const text = n.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** A fraction as a percentage with two decimals ("1.06 %"; "–" when unknown). */
export const fmtPercent = (fraction: number) => (Number.isFinite(fraction) ? `${fmtFixed(100 * fraction, 2)} %` : '–');

/**
 * A chart axis's tick: at most three significant digits and no trailing zeros ("100", "0.5", "1,000").
 * On a log axis only 1, 2 and 5 times a power of ten are labelled, or the labels overlap.
 */
export function fmtTick(value: number, logarithmic: boolean): string {
  if (!Number.isFinite(value)) return '';
  if (logarithmic && value > 0) {
    const mantissa = value / 10 ** Math.floor(Math.log10(value) + 1e-9);
    if (![1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6)) return '';
  }
  return (Object.is(value, -0) ? 0 : value).toLocaleString('en', { maximumSignificantDigits: 3 });
}
