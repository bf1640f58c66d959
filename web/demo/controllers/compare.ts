// The compare view's buttons: every algorithm on the query on screen, or on a batch of scenarios; a
// row of its table picks that algorithm.
import type { ComparePanel, CompareContext } from '../compare';
import { byId } from '../page';
import type { Panels } from '../render/panels';
import type { AppState } from '../state';
import type { AlgorithmPanel } from './algorithmPanel';
import type { MapLoader } from './mapLoading';

export function wireCompare(state: AppState, panel: ComparePanel, maps: MapLoader, algorithms: AlgorithmPanel, panels: Panels): void {
  const context = (): CompareContext => ({
    // HAA* plans for an agent of its own (a size and a terrain): its figures are not comparable with the
    // others' one-cell paths, so the compare view leaves it out.
    algorithms: state.algorithms.offered.filter((a) => a.kind !== 'haa'),
    planners: state.shown!.planners,
    settings: state.settings,
    start: state.start,
    goal: state.goal,
    scenarios: () => maps.scenarios(),
    randomPairs: (n) => maps.randomPairs(n),
    say: (text, isError) => panels.say(text, isError),
  });
  byId('compare-query').addEventListener('click', () => state.shown && void panel.runQuery(context()));
  byId('compare-batch').addEventListener('click', () => state.shown && void panel.runBatch(context(), Math.max(5, Math.min(2000, Number(byId<HTMLInputElement>('batch-size').value) || 100))));
  panel.onPick = (a) => algorithms.pick(a.id);
}
