// The terrain legend over the map: what each terrain colour is (ground, walls, trees, swamp, water),
// with the colours the terrain image paints them in, so that the two cannot disagree.
import { terrainColour } from './view';

/** The terrain kinds shown, with the characters of the .map format that draw in their colour. */
const KINDS: readonly { chars: string; name: string; title: string }[] = [
  { chars: '.', name: 'ground', title: 'Ground (. and G): passable' },
  { chars: '@', name: 'wall', title: 'Walls and out of bounds (@ and O): blocked' },
  { chars: 'T', name: 'trees', title: 'Trees (T): blocked' },
  { chars: 'S', name: 'swamp', title: 'Swamp (S): passable, at the swamp multiplier' },
  { chars: 'W', name: 'water', title: 'Water (W): blocked for 8-connected moves' },
];

/** Fills `list` with one swatch per terrain kind, in the colours of plain (1×) cells. */
export function fillTerrainLegend(list: HTMLElement): void {
  list.replaceChildren(
    ...KINDS.map(({ chars, name, title }) => {
      const item = document.createElement('li');
      item.title = title;
      item.dataset.terrain = chars;
      const swatch = document.createElement('i');
      swatch.className = 'swatch square';
      swatch.style.setProperty('--c', terrainColour(chars, 1));
      item.append(swatch, name);
      return item;
    }),
  );
}
