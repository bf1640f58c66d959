// The walkthrough's own map, made like the HPA* paper's running example (Botea, Müller, Schaeffer
// 2004, Figure 1 and Table 1): 40 × 40 cells, 16 clusters of 10 × 10, and a dead-end room between
// the start and the goal whose door faces the start, so that plain A* floods the room before it walks
// round it, while HPA*'s abstract search crosses a few transitions. Not the paper's exact map (it is
// only drawn there): one drawn the same way. `@` is a wall, `.` ground (Moving AI characters).
export const TEACH_MAP_ROWS: readonly string[] = [
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........@@@@@@@..........@@@@@@@........',
  '........@......................@........',
  '........@......................@........',
  '........@......................@........',
  '........@......................@........',
  '........@......................@........',
  '........@.....@@@@@@@@@@@@.....@........',
  '........@......................@........',
  '@@@@@...@......................@...@@@@@',
  '........@......................@........',
  '........@......................@........',
  '........@......................@........',
  '........@.....@..........@.....@........',
  '........@.....@..........@.....@........',
  '........@.....@..........@.....@........',
  '........@.....@..........@.....@........',
  '........@.....@..........@.....@........',
  '........@......................@........',
  '........@......................@........',
  '........@@@@@@@@@@@@@@@@@@@@@@@@........',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
  '........................................',
];

export const TEACH_MAP_NAME = 'teach40.map';
/** The query of the walkthrough: above the room's door, and below the room. */
export const TEACH_START = { x: 20, y: 3 };
export const TEACH_GOAL = { x: 20, y: 36 };
/** The paper's cluster side on this map: 4 × 4 clusters of 10 × 10. */
export const TEACH_CLUSTER = 10;

/** Rows of a map as a Moving AI `.map` file. */
function movingAIText(rows: readonly string[]): string {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0]!.length}\nmap\n${rows.join('\n')}\n`;
}

/** The map as a Moving AI `.map` file. */
export function teachMapText(): string {
  return movingAIText(TEACH_MAP_ROWS);
}

// The HAA* walkthrough's map, made as Harabor and Botea's article describes its toy map (10 × 10, four
// clusters of 5 × 5, ground '.', water 'W', obstacles '@'): a wall along the border between the two
// upper clusters and the two lower ones, with three ways through: a one-cell gap of ground (x 1), a
// pool of water beside it (x 2..3), so that the border between the left clusters has one entrance per
// capability (the article's Figure 12), and a gap exactly two cells wide on the right (x 7..8) where
// every cell is beside a wall: the bottleneck of the article's Figure 5, which Brushfire closes to a
// 2 × 2 agent and true clearance keeps open. Where it deviates: the article's figures are drawings whose
// exact cells its text does not give, so this is a map drawn anew with the features it describes.
export const HAA_MAP_ROWS: readonly string[] = [
  '..........',
  '..........',
  '..........',
  '..........',
  '@.WW@@@..@',
  '@.WW@@@..@',
  '..........',
  '..........',
  '..........',
  '..........',
];
export const HAA_MAP_NAME = 'haa10.map';
/** The query: a size-1 agent walks straight through the one-cell gap; a size-2 agent must go round by the two-cell gap. */
export const HAA_START = { x: 1, y: 1 };
export const HAA_GOAL = { x: 1, y: 7 };
/** The article's cluster side on its toy map. */
export const HAA_CLUSTER = 5;

export function haaMapText(): string {
  return movingAIText(HAA_MAP_ROWS);
}
