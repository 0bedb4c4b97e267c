import { describe, expect, it } from 'vitest';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { minimapPlacement, minimapToWorld, MINIMAP_MARGIN, viewportOnMinimap, worldToMinimap } from '../../../src/bracket/minimap';
import { fromEngine } from '../../../src/bracket/model';
import { MINIATURE, writeMiniature } from '../../../src/bracket/renderer/miniature';
import { FlatWriter } from '../../../src/bracket/renderer/QuadWriter';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';

const boundsOf = (n: number) => layoutBracket(fromEngine(generateBracket(n), (e) => ({ label: `P${e}`, imageUrl: null }))).bounds;
const desktop = { width: 1280, height: 630 };
const phone = { width: 358, height: 574 };

describe('minimap placement', () => {
  it('is hidden for a bracket that fits the screen, shown for one larger than the screen', () => {
    // Arrange / Act
    const small = minimapPlacement(boundsOf(8), desktop);
    const large = minimapPlacement(boundsOf(1024), desktop);

    // Assert
    expect(small).toBeNull();
    expect(large).not.toBeNull();
    expect(large!.x + large!.width).toBe(desktop.width - MINIMAP_MARGIN);
    expect(large!.y + large!.height).toBe(desktop.height - MINIMAP_MARGIN);
  });

  it('keeps to a corner of a phone, and stretches a very tall bracket across so its columns stay apart', () => {
    // Arrange / Act
    const onPhone = minimapPlacement(boundsOf(1024), phone)!;
    const tall = minimapPlacement(boundsOf(65536), desktop)!;
    const tiny = minimapPlacement(boundsOf(1024), { width: 200, height: 150 });

    // Assert
    expect(onPhone.width).toBeLessThanOrEqual(phone.width * 0.4);
    expect(onPhone.height).toBeLessThanOrEqual(phone.height * 0.3);
    expect(tall.width).toBeGreaterThanOrEqual(100);
    expect(tall.height).toBeLessThanOrEqual(160);
    expect(tiny).toBeNull();
  });

  it('maps between the world and the minimap both ways, and draws the viewport inside it', () => {
    // Arrange
    const p = minimapPlacement(boundsOf(1024), desktop)!;
    const world = { x: p.world.x + p.world.width * 0.25, y: p.world.y + p.world.height * 0.75 };

    // Act
    const local = worldToMinimap(p, world);
    const back = minimapToWorld(p, local);
    const outside = minimapToWorld(p, { x: -50, y: p.height + 50 });
    const view = viewportOnMinimap(p, { x: world.x, y: world.y, zoom: 1 }, desktop);
    const far = viewportOnMinimap(p, { x: p.world.x - 1e6, y: p.world.y, zoom: 4 }, desktop);

    // Assert
    expect(local.x).toBeCloseTo(p.width * 0.25);
    expect(local.y).toBeCloseTo(p.height * 0.75);
    expect(back.x).toBeCloseTo(world.x);
    expect(back.y).toBeCloseTo(world.y);
    expect(outside).toEqual({ x: p.world.x, y: p.world.y + p.world.height });
    expect(view.x).toBeCloseTo(local.x);
    expect(view.width).toBeGreaterThanOrEqual(4);
    expect(view.x + view.width).toBeLessThanOrEqual(p.width);
    expect(far.width).toBe(4);
    expect(far.x).toBeGreaterThanOrEqual(0);
  });
});

describe('writeMiniature', () => {
  it('draws both tracks in a few rectangles per column, inside the minimap', () => {
    // Arrange
    let bracket = generateBracket(4096);
    for (let m = 1; m <= 64; m++) bracket = recordResult(bracket, m, 'A');
    const layout = layoutBracket(fromEngine(bracket, (e) => ({ label: `P${e}`, imageUrl: null })));
    const p = minimapPlacement(layout.bounds, desktop)!;
    const w = new FlatWriter(64);

    // Act
    writeMiniature(w, layout, p, false);

    // Assert: 5 quads of panel and frame, then the columns, far fewer than the 8,191 cards.
    const quads = w.count - 5;
    expect(quads).toBeGreaterThan(layout.columns.length);
    expect(quads).toBeLessThan(1200);
    const f = w.view();
    const colours = new Set<number>();
    const u = new Uint32Array(f.buffer, f.byteOffset, f.length);
    for (let q = 5; q < w.count; q++) {
      const o = q * 16;
      for (const k of [0, 4, 8, 12]) {
        expect(f[o + k]).toBeGreaterThanOrEqual(p.x);
        expect(f[o + k]).toBeLessThanOrEqual(p.x + p.width);
        expect(f[o + k + 1]).toBeGreaterThanOrEqual(p.y);
        expect(f[o + k + 1]).toBeLessThanOrEqual(p.y + p.height);
      }
      colours.add(u[o + 2]);
    }
    // Winners and Losers, the decided first matches of the Winners track brighter.
    expect([...colours].sort()).toEqual([MINIATURE.winnersDecided, MINIATURE.winnersPending, MINIATURE.losersPending].sort());
  });
});
