// A progress bar for a build (the block world's hierarchy, a crowd's pool on either page): shown once the
// build has taken 100 ms (shorter ones would only flash), its phase and percent beside it.
import type { BuildProgress } from '../lib/index';

/** What a build's listener heard: reports, those late enough to show the bar (100 ms on), and the phases in order. */
export interface BuildFigures {
  reports: number;
  late: number;
  shown: boolean;
  phases: string[];
}

export function noBuildFigures(): BuildFigures {
  return { reports: 0, late: 0, shown: false, phases: [] };
}

/** The elements of one progress bar: its row (hidden when idle), the bar and the phase label. */
export interface BuildBar {
  readonly row: HTMLElement;
  readonly bar: HTMLProgressElement;
  readonly label: HTMLElement;
}

/**
 * A listener showing the build in `bar` once it has taken 100 ms; counts what it hears into `seen`. The
 * caller hides the row when the build ends.
 */
export function showBuildIn({ row, bar, label }: BuildBar, seen: BuildFigures): (progress: BuildProgress) => void {
  const started = performance.now();
  return ({ phase, done }) => {
    seen.reports++;
    if (!seen.phases.includes(phase)) seen.phases.push(phase);
    if (performance.now() - started < 100 || done >= 1) return;
    seen.late++;
    seen.shown = true;
    row.hidden = false;
    bar.value = done;
    label.textContent = `${phase} ${Math.floor(done * 100)}%`;
  };
}

/** showBuildIn for the bar `${id}` (its row `${id}-row`, its phase `${id}-phase`). */
export function showBuild(id: string, seen: BuildFigures): (progress: BuildProgress) => void {
  return showBuildIn(
    {
      row: document.getElementById(`${id}-row`)!,
      bar: document.getElementById(id) as HTMLProgressElement,
      label: document.getElementById(`${id}-phase`)!,
    },
    seen,
  );
}
