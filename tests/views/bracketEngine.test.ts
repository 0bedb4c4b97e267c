import { describe, expect, it } from 'vitest';
import { fromEngine } from '../../src/bracket/model';
import { createBracketEngine } from '../../src/bracket/renderer/createBracketEngine';
import { generateBracket } from '../../src/domain/bracket/generateBracket';

// The engine facade without WebGL (jsdom): the camera API works before and without a renderer,
// and setData reports that the data cannot be drawn. Drawing is checked in `npm run bench:bracket`.

function engine() {
  const host = document.createElement('div');
  document.body.append(host);
  return createBracketEngine(host);
}

describe('bracket engine facade', () => {
  it('reads back exactly the camera it was given, and zoomTo(1) gives 1', () => {
    const e = engine();

    const applied = e.setCamera({ x: 120.5, y: -33.25, zoom: 0.8 });
    const afterZooms = [0.3, 2.7, 0.125, 1.9].map((z) => e.zoomTo(z, { x: 17, y: 9 }, { animate: false }).zoom);
    const one = e.zoomTo(1, undefined, { animate: false });

    expect(applied).toEqual({ x: 120.5, y: -33.25, zoom: 0.8 });
    expect(afterZooms).toEqual([0.3, 2.7, 0.125, 1.9]);
    expect(one.zoom).toBe(1);
    expect(e.getCamera()).toEqual(one);
    e.destroy();
  });

  it('reports the clamped camera it applied', () => {
    const e = engine();

    expect(e.setCamera({ x: 0, y: 0, zoom: 12 }).zoom).toBe(4);
    expect(e.zoomTo(0.01, undefined, { animate: false }).zoom).toBe(0.125);
    expect(e.getCamera().zoom).toBe(0.125);
    e.destroy();
  });

  it('rejects setData when the bracket cannot be drawn (no WebGL 2), without breaking the facade', async () => {
    const e = engine();
    await expect(e.ready).rejects.toThrow(/WebGL 2/);

    await expect(e.setData(fromEngine(generateBracket(4), (n) => ({ label: `P${n}`, imageUrl: null })))).rejects.toThrow(/WebGL 2/);
    expect(e.renderNow()).toBe(false);
    e.beginMotion();
    e.endMotion();
    e.destroy();
    await expect(e.setData([])).resolves.toBeUndefined();
  });
});
