// The demo's permalink (web/demo/permalink.ts) without a browser: the crowd's settings read back as
// written, and a link only names them in the crowd mode.
import { describe, expect, test } from 'vitest';
import { readPermalink, writePermalink } from '../../web/demo/permalink';

describe('the demo permalink', () => {
  test('the crowd\'s agents, units and avoidance read back as written', () => {
    const link = writePermalink({ map: 'AR0011SR.map', algo: 'hpa2', settings: {}, mode: 'crowd', agents: 2000, units: 'mixed', avoid: true });
    expect(link).toContain('avoid=1');
    const back = readPermalink(link);
    expect(back).toMatchObject({ map: 'AR0011SR.map', algo: 'hpa2', mode: 'crowd', agents: 2000, units: 'mixed', avoid: true });
  });

  test('avoidance is off unless the link says avoid=1, and only a crowd\'s link carries it', () => {
    expect(readPermalink('?mode=crowd').avoid).toBeUndefined();
    expect(readPermalink('?mode=crowd&avoid=0').avoid).toBe(false);
    expect(readPermalink('?mode=crowd&avoid=yes').avoid).toBeUndefined();
    expect(writePermalink({ settings: {}, mode: 'explore', avoid: true })).not.toContain('avoid');
  });
});
