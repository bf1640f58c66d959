// How the demo writes numbers and errors in its panels and messages.

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
export const fmtMs = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(ms < 10 ? 3 : 1)} ms`);
export const fmtInt = (n: number) => n.toLocaleString('en');
export const plural = (n: number, word: string) => `${fmtInt(n)} ${word}${n === 1 ? '' : 's'}`;
