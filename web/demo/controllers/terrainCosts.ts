// The "Terrain and costs" panel: what Brush and Rect paint (a terrain, or a cost on the cells), the
// multipliers of swamp and ground, and the legend of the tints (swatches drawn with the map's colours).
import type { Elements } from '../page';
import { COST_RAMP_STOPS, groundAtCost } from '../render/palette';
import { terrainColour } from '../render/view';
import type { AppState, KindMultipliers, Paint } from '../state';
import type { PermalinkSync } from './permalinkSync';
import type { TerrainEditor } from './terrainEdits';
import type { ToolController } from './tools';

const SWAMP = 0x53; // 'S'

/** A paint radio's value (`terrain:S`, `cost:48`) as a paint. */
function paintOf(value: string): Paint {
  const [kind, what] = value.split(':') as [string, string];
  return kind === 'cost' ? { kind: 'cost', value: Number(what) } : { kind: 'terrain', code: what.charCodeAt(0) };
}

export class TerrainCostPanel {
  constructor(
    private readonly state: AppState, private readonly elements: Elements, private readonly tools: ToolController,
    private readonly editor: TerrainEditor, private readonly permalink: PermalinkSync,
  ) {}

  wire(): void {
    for (const radio of this.elements.paintRadios) {
      radio.addEventListener('change', () => {
        if (!radio.checked) return;
        this.state.paint = paintOf(radio.value);
        // Picking what to paint means painting: the path tool gives way to the brush.
        if (this.state.tool === 'path') this.tools.set('brush');
      });
    }
    for (const input of Object.values(this.elements.kindCosts)) input.addEventListener('change', () => this.#multipliersChanged());
    const ramp = this.elements.costRamp;
    ramp.replaceChildren(
      ...COST_RAMP_STOPS.map((m) => {
        const item = document.createElement('li');
        const swatch = document.createElement('i');
        swatch.className = 'swatch square';
        swatch.style.setProperty('--c', groundAtCost(m));
        item.append(swatch, `${m}×`);
        return item;
      }),
    );
    this.show();
  }

  /** Shows the state's multipliers (a permalink's) and the paint swatches in the map's colours. */
  show(): void {
    const { kindCosts, paintRadios } = this.elements;
    const m = this.state.terrainCosts;
    kindCosts['.'].value = String(m['.']);
    kindCosts.S.value = String(m.S);
    for (const radio of paintRadios) {
      const paint = paintOf(radio.value);
      const colour = paint.kind === 'cost' ? groundAtCost((m['.'] * paint.value) / 16) : terrainColour(String.fromCharCode(paint.code), paint.code === SWAMP ? m.S : 1);
      radio.parentElement!.querySelector<HTMLElement>('[data-paint-swatch]')!.style.setProperty('--c', colour);
    }
  }

  #multipliersChanged(): void {
    const { kindCosts } = this.elements;
    const read = (input: HTMLInputElement, was: number) => (Number.isFinite(input.valueAsNumber) && input.valueAsNumber > 0 ? input.valueAsNumber : was);
    const was = this.state.terrainCosts;
    const next: KindMultipliers = { '.': read(kindCosts['.'], was['.']), S: read(kindCosts.S, was.S) };
    this.editor.setTerrainCosts(next);
    this.show();
    this.permalink.update();
  }
}
