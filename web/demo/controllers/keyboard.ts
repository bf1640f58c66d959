// Keys (outside the form fields): Escape clears the query, F fits the map, P/B/R/E pick a tool, Space
// pauses or resumes the crowd.
import type { FrameLoop } from '../render/frameLoop';
import type { AppState } from '../state';
import type { CrowdController } from './crowd';
import type { QueryController } from './query';
import type { ToolController } from './tools';

export function wireKeyboard(state: AppState, query: QueryController, tools: ToolController, frames: FrameLoop, crowd: CrowdController): void {
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const key = e.key.toLowerCase();
    if (key === 'escape') query.clear();
    else if (key === 'f' && state.shown) {
      state.view.fit(state.shown.width, state.shown.height);
      frames.request();
    } else if (key === 'p') tools.set('path');
    else if (key === 'b') tools.set('brush');
    else if (key === 'r') tools.set('rect');
    else if (key === 'e') tools.set('eraser');
    else if (key === ' ' && state.crowd && !(e.target instanceof HTMLButtonElement)) {
      e.preventDefault();
      crowd.togglePause();
    }
  });
}
