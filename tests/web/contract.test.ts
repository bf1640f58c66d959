// The TypeScript package keeps documented, hand-written copies of the core's declarations (option
// types, status names and codes, terrain characters): the main thread of a worker pool has no module
// to read them from. These tests fail as soon as a copy and the module's declaration disagree.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import type { HpastarModule, RawOptionField } from 'hpastar:raw';
import createHpastarModule from '../../web/lib/wasm/hpastar.mjs';
import { GRID_LIMITS, isPassableTerrain, isTerrain, loadHpastar, PathStatusCode, TERRAIN, type Hpastar } from '../../web/lib/index';
import { STATUS_TEXT } from '../../web/lib/batch';
import { HAA_OPTION_KINDS, HIERARCHY_OPTION_KINDS, SHPA_OPTION_KINDS, TERRAIN_CHARACTERS, TERRAIN_COST_LIMITS, TERRAIN_KINDS, type OptionKind } from '../../web/lib/internal';
import { WORLD_OPTION_KINDS } from '../../web/lib/world';

let raw: HpastarModule;
let hp: Hpastar;
beforeAll(async () => {
  raw = await createHpastarModule({ wasmBinary: readFileSync(new URL('../../web/lib/wasm/hpastar.wasm', import.meta.url)) });
  hp = await loadHpastar();
});

/** The members of an exported interface of web/lib/`module` (types.ts), each with its type as written there. */
function interfaceMembers(name: string, module = 'types.ts'): Map<string, string> {
  const file = new URL(`../../web/lib/${module}`, import.meta.url);
  const source = ts.createSourceFile(module, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const members = new Map<string, string>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name) return;
    for (const m of node.members) {
      if (ts.isPropertySignature(m) && m.type) members.set(m.name.getText(source), m.type.getText(source));
    }
  });
  return members;
}

/** What a field of the module's declaration is, as the TypeScript type of its option. */
function typeOf(field: RawOptionField): string {
  if (field.kind === 'integer' || field.kind === 'number') return 'number';
  if (field.kind === 'boolean') return 'boolean';
  return field.choices.map((c) => `'${c}'`).join(' | ');
}

/** The same as the package's own kind tables write it. */
function kindOf(field: RawOptionField): OptionKind {
  return field.kind === 'choice' ? field.choices : field.kind;
}

describe.each([
  { options: 'HierarchyOptions', fields: () => raw.hierarchyOptionFields(), kinds: HIERARCHY_OPTION_KINDS, defaults: () => hp.HPAStar.defaultOptions },
  { options: 'ShpaOptions', fields: () => raw.shpaOptionFields(), kinds: SHPA_OPTION_KINDS, defaults: () => hp.SHPAStar.defaultOptions },
  { options: 'HaaOptions', fields: () => raw.haaOptionFields(), kinds: HAA_OPTION_KINDS, defaults: () => hp.HAAStar.defaultOptions },
  { options: 'WorldHierarchyOptions', fields: () => raw.worldOptionFields(), kinds: WORLD_OPTION_KINDS, defaults: () => hp.WorldHPAStar.defaultOptions, module: 'world.ts' },
])('$options', ({ options, fields, kinds, defaults, module }) => {
  test('the TypeScript interface has exactly the module\'s fields, with their types', () => {
    const declared = interfaceMembers(options, module);
    expect([...declared.keys()]).toEqual(fields().map((f) => f.name));
    for (const f of fields()) expect(declared.get(f.name), f.name).toBe(typeOf(f));
  });

  test('the package\'s type checks follow the module\'s kinds, and its defaults are the core\'s', () => {
    expect(Object.keys(kinds)).toEqual(fields().map((f) => f.name));
    for (const f of fields()) expect((kinds as Record<string, OptionKind>)[f.name], f.name).toEqual(kindOf(f));
    expect(defaults()).toEqual(Object.fromEntries(fields().map((f) => [f.name, f.default])));
  });

  test('every field has a range, a label and documentation', () => {
    for (const f of fields()) {
      expect(f.doc.length, f.name).toBeGreaterThan(10);
      expect(f.label.length, f.name).toBeGreaterThan(2);
      if (f.kind === 'integer' || f.kind === 'number') expect(f.min, f.name).toBeLessThanOrEqual(f.max);
    }
  });
});

test('path statuses: the package\'s codes and names are the core\'s', () => {
  const names = raw.pathStatusNames();
  expect(names).toEqual([...STATUS_TEXT]);
  expect(names[PathStatusCode.Found]).toBe('found');
  expect(names[PathStatusCode.NoPath]).toBe('no path');
  expect(names[PathStatusCode.StartInvalid]).toMatch(/^start /);
  expect(names[PathStatusCode.GoalInvalid]).toMatch(/^goal /);
  expect(Object.keys(PathStatusCode)).toHaveLength(names.length);
});

test('terrain characters: the package\'s list is the core\'s, and the passable ones are what grids walk on', () => {
  const { all, passable, kinds } = raw.terrainCharacters();
  expect(TERRAIN_CHARACTERS).toBe(all);
  expect(TERRAIN_KINDS).toEqual(kinds);
  const grid = hp.Grid.fromTerrain(all, all.length, 1);
  expect([...all].filter((_, x) => grid.passable(x, 0)).join('')).toBe(passable);
  grid.dispose();
  // The exported table (terrain.ts), from which TERRAIN_CHARACTERS and TERRAIN_KINDS are derived.
  expect(TERRAIN.characters).toBe(all);
  expect(TERRAIN.passable).toBe(passable);
  expect(TERRAIN.kinds.map((k) => k.characters)).toEqual(kinds);
  expect(TERRAIN.kinds.filter((k) => k.passable).map((k) => k.characters).join('')).toBe(passable);
  for (let code = 0; code < 256; code++) {
    const c = String.fromCharCode(code);
    expect(isTerrain(code), c).toBe(all.includes(c));
    expect(isPassableTerrain(code), c).toBe(passable.includes(c));
  }
  expect([GRID_LIMITS.maxSide, GRID_LIMITS.maxCells]).toEqual([raw.limits().maxGridSide, raw.limits().maxGridCells]);
  expect(raw.limits()).toEqual({
    maxGridSide: 8192,
    maxGridCells: 16777216,
    maxMapFileBytes: 16859136,
    maxScenarioFileBytes: 67108864,
    maxLevels: 8,
    minTerrainCost: TERRAIN_COST_LIMITS.min,
    maxTerrainCost: TERRAIN_COST_LIMITS.max,
    costLayerUnit: TERRAIN_COST_LIMITS.layerUnit,
  });
});
