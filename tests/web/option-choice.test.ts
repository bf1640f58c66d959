// Defaults that are the fast choice (issue 19, item 1), through the package: HPAStar.build with no
// options builds what HPAStar.chooseOptions answers for the map (DHPA* trees, 16 landmarks, a cluster
// side from the map), the terrainChanges hint adds the distance table, fields given override the
// choice, a bad hint is a TypeError naming it, and the fast planner's paths are valid and near-optimal
// on the scenarios of a real map.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadHpastar, type Grid, type Hpastar } from '../../web/lib/index';
import { parseMap, parseScenarios, readMapsFile, type MapText } from './scenarios';
import { validatePath } from './validatePath';

const MAP = 'den520d.map';
let hp: Hpastar;
let map: MapText;
let grid: Grid;

beforeAll(async () => {
  hp = await loadHpastar();
  const text = readMapsFile(MAP);
  map = parseMap(text);
  grid = hp.Grid.fromMovingAI(text, MAP);
});

afterAll(() => grid.dispose());

describe('the options a build picks for the map', () => {
  test('a build with no options uses the choice: trees, landmarks, the cluster side, no table', () => {
    const choice = hp.HPAStar.chooseOptions(grid);
    expect(choice.options).toMatchObject({ cacheTrees: true, landmarks: 16, clusterSize: 32, distanceTable: false, terrainChanges: 'often' });
    expect(choice.reason).toMatch(/cluster 32.*DHPA\* trees.*16 landmarks.*no distance table/);
    using planner = hp.HPAStar.build(grid);
    expect(planner.options).toEqual(choice.options);
    expect(planner.options).not.toEqual(hp.HPAStar.defaultOptions);
  });

  test('terrain that changes rarely adds the distance table', () => {
    using planner = hp.HPAStar.build(grid, { terrainChanges: 'rarely' });
    expect(planner.options.distanceTable).toBe(true);
    expect(planner.options.terrainChanges).toBe('rarely');
    expect(planner.stats.distanceTableNodes).toBeGreaterThan(0);
    expect(planner.stats.distanceTableNodes).toBe(planner.stats.levels.at(-1)!.nodes);
  });

  test('every field given overrides the choice, the others keep it', () => {
    using planner = hp.HPAStar.build(grid, { clusterSize: 10, landmarks: 0 });
    expect(planner.options).toMatchObject({ clusterSize: 10, landmarks: 0, cacheTrees: true });
    expect(hp.HPAStar.chooseOptions(grid, { cacheTrees: false }).options.cacheTrees).toBe(false);
  });

  test('turning the trees off picks the options that suit HPA*: smaller clusters, still landmarks', () => {
    const choice = hp.HPAStar.chooseOptions(grid, { cacheTrees: false });
    expect(choice.options).toMatchObject({ cacheTrees: false, landmarks: 16, clusterSize: 10 });
    expect(choice.reason).toMatch(/cluster 10.*no trees \(HPA\*\)/);
    // Fields given still override that choice.
    expect(hp.HPAStar.chooseOptions(grid, { cacheTrees: false, clusterSize: 16 }).options.clusterSize).toBe(16);
  });

  test('a small map gets small clusters', () => {
    using arena = hp.Grid.fromMovingAI(readMapsFile('arena.map'), 'arena.map');
    expect(hp.HPAStar.chooseOptions(arena).options.clusterSize).toBe(16);
  });

  test('a hint that is not one is a TypeError naming it; nothing is built', () => {
    expect(() => hp.HPAStar.build(grid, { terrainChanges: 'sometimes' as 'often' })).toThrow(
      /HPAStar\.build: option terrainChanges must be one of 'often', 'rarely', got/,
    );
    expect(() => hp.HPAStar.chooseOptions(grid, { terrainChanges: 3 as unknown as 'often' })).toThrow(TypeError);
  });

  test.each(['often', 'rarely'] as const)('the fast planner (%s) answers every scenario with a valid path, one percent above optimal at most on average', (terrainChanges) => {
    using planner = hp.HPAStar.build(grid, { terrainChanges });
    let excess = 0;
    const scenarios = parseScenarios(readMapsFile(`${MAP}.scen`));
    for (const s of scenarios) {
      const path = planner.findPath(s.start, s.goal);
      expect(path.found).toBe(true);
      validatePath(map, path.cells, s.start, s.goal, path.cost);
      expect(path.cost).toBeGreaterThanOrEqual(s.optimal * (1 - 1e-5)); // the file rounds to 6 digits
      excess += path.cost / Math.max(s.optimal, 1e-9) - 1;
    }
    expect(excess / scenarios.length).toBeLessThan(0.01);
  });
});
