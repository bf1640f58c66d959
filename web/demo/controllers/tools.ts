// The tools: Path (set the query), Brush, Rect and Eraser (paint), and the brush's size.
import type { Elements } from '../page';
import type { FrameLoop } from '../render/frameLoop';
import type { AppState, Tool } from '../state';

export class ToolController {
  /** Called after every change of tool (the status line follows it). */
  onChange: (tool: Tool) => void = () => {};

  constructor(private readonly state: AppState, private readonly elements: Elements, private readonly frames: FrameLoop) {}

  wire(): void {
    for (const radio of this.elements.toolRadios) radio.addEventListener('change', () => radio.checked && this.set(radio.value as Tool));
    const { brushSize, brushSizeOut } = this.elements;
    brushSize.addEventListener('input', () => {
      this.state.brushSize = Number(brushSize.value);
      brushSizeOut.textContent = brushSize.value;
    });
  }

  set(tool: Tool): void {
    this.state.tool = tool;
    for (const r of this.elements.toolRadios) r.checked = r.value === tool;
    this.frames.request();
    this.onChange(tool);
  }
}
