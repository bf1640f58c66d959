// The Learn page's live settings (web/demo/learn/learnControls.ts) without a browser: the permalink's
// painted cells, flipping a stroke, and where the student stays when the walkthrough is rebuilt.
import { describe, expect, test } from 'vitest';
import { flipCells, keepPlace, parsePaint, writeSettings, type LearnSettings } from '../../web/demo/learn/learnControls';

const steps = (...phases: string[]) => phases.map((phase) => ({ phase }));

describe('Learn live settings', () => {
  test('keepPlace: the same phase, as far in as it goes; a phase gone: the next one\'s first step', () => {
    const order = ['a', 'b', 'c'];
    const before = steps('a', 'b', 'b', 'b', 'c');
    expect(keepPlace(before, 2, steps('a', 'a', 'b', 'b', 'b', 'c'), order)).toBe(3); // second step of b
    expect(keepPlace(before, 3, steps('a', 'b', 'c'), order)).toBe(1); // b has one step now
    expect(keepPlace(before, 3, steps('a', 'c', 'c'), order)).toBe(1); // no b: c's first
    expect(keepPlace(before, 4, steps('a', 'b'), order)).toBe(1); // no phase left after: the last step
  });

  test('paint: parsed from the address, a cell flipped twice is back as in the file', () => {
    expect(parsePaint('1,2;3,4;x;5,6')).toEqual([{ x: 1, y: 2 }, { x: 3, y: 4 }, { x: 5, y: 6 }]);
    expect(parsePaint(null)).toEqual([]);
    const once = flipCells([], [{ x: 1, y: 1 }, { x: 2, y: 1 }]);
    expect(flipCells(once, [{ x: 1, y: 1 }])).toEqual([{ x: 2, y: 1 }]);
  });

  test('writeSettings writes what differs from the defaults and removes the rest', () => {
    const d: LearnSettings = { cluster: 10, levels: 1, entrance: 6, smooth: true, start: { x: 1, y: 1 }, goal: { x: 2, y: 2 }, paint: [] };
    const q = new URLSearchParams('cluster=10&step=3&map=m');
    writeSettings(q, { ...d, levels: 2, smooth: false, goal: { x: 5, y: 6 }, paint: [{ x: 3, y: 4 }] }, d);
    expect(Object.fromEntries(q)).toEqual({ step: '3', map: 'm', goal: '5,6', levels: '2', smooth: '0', paint: '3,4' });
  });
});
