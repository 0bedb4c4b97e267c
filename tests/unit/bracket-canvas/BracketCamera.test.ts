import { describe, expect, it } from 'vitest';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { fromEngine } from '../../../src/bracket/model';
import { BracketCamera } from '../../../src/bracket/renderer/BracketCamera';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';

const names = (e: number) => ({ label: `P${e}`, imageUrl: null });
const layoutOf = (n: number) => layoutBracket(fromEngine(generateBracket(n), names));

function settle(c: BracketCamera, from = 0): void {
  for (let t = from; t < from + 5000; t += 16) if (!c.motion.step(t)) return;
}

describe('BracketCamera (where the camera is and goes)', () => {
  it('fits a small bracket whole and starts a large one at the top-left of the Winners track', () => {
    // Arrange
    const small = new BracketCamera();
    const large = new BracketCamera();
    small.resize(1280, 720);
    large.resize(1280, 720);

    // Act
    small.setLayout(layoutOf(4), 'auto');
    const big = layoutOf(1024);
    large.setLayout(big, 'auto');

    // Assert
    expect(small.isPlaced).toBe(true);
    expect(small.cam.zoom).toBeGreaterThanOrEqual(0.5);
    expect(large.cam.zoom).toBeCloseTo(0.8);
    expect(large.cam.x).toBeLessThan(big.tracks.winners.x);
    expect(large.cam.y).toBeLessThan(big.tracks.winners.y);
  });

  it('waits for a size before framing the first data, and keeps a camera the host placed before it', () => {
    // Arrange
    const waiting = new BracketCamera();
    const given = new BracketCamera();
    const layout = layoutOf(8);

    // Act
    waiting.setLayout(layout, 'fit');
    const placedUnsized = waiting.isPlaced;
    waiting.resize(800, 600);
    const placedNow = waiting.place(layout, 'fit');
    given.resize(800, 600);
    given.give({ x: 10, y: 20, zoom: 2 }, false, 0);
    given.setLayout(layout, 'fit');

    // Assert
    expect(placedUnsized).toBe(false);
    expect(placedNow).toBe(true);
    expect(waiting.cam).toEqual(waiting.jumpCamera('fit', layout));
    expect(given.isPlaced).toBe(true);
    expect(given.cam).toEqual({ x: 10, y: 20, zoom: 2 });
  });

  it('reports each resting place once, and nothing before the data is framed', () => {
    // Arrange
    const c = new BracketCamera();
    c.resize(800, 600);

    // Act
    const beforeData = c.takeSettled();
    c.setLayout(layoutOf(8), 'fit');
    const first = c.takeSettled();
    const framed = { ...c.cam };
    const same = c.takeSettled();
    c.panBy(100, 0, false, 0);
    const moved = c.takeSettled();
    c.forgetSettled();
    const forgotten = c.takeSettled();

    // Assert
    expect(beforeData).toBeNull();
    expect(first).toEqual(framed);
    expect(same).toBeNull();
    expect(moved?.x).not.toBe(first?.x);
    expect(forgotten).toEqual(moved);
  });

  it('adds up zoom steps and pans taken while a move is still animating', () => {
    // Arrange
    const c = new BracketCamera();
    c.resize(1000, 600);
    c.setLayout(layoutOf(64), 'winners');
    const start = { ...c.cam };

    // Act
    c.zoomBy(1.25, undefined, true, 0);
    const aimed = c.zoomBy(1.25, undefined, true, 10);
    settle(c, 20);
    const zoomed = { ...c.cam };
    c.panBy(-160, 0, true, 1000);
    const aimedPan = c.panBy(-160, 0, true, 1010);
    settle(c, 1020);

    // Assert
    expect(aimed.zoom).toBeCloseTo(start.zoom * 1.25 ** 2);
    expect(zoomed.zoom).toBeCloseTo(start.zoom * 1.25 ** 2);
    expect(aimedPan.x).toBeCloseTo(zoomed.x + 320 / zoomed.zoom);
    expect(c.cam.x).toBeCloseTo(aimedPan.x);
  });

  it('jumps to a track, or nowhere when the track is empty', () => {
    // Arrange
    const c = new BracketCamera();
    c.resize(1280, 720);
    const layout = layoutOf(2);

    // Act
    const winners = c.jumpCamera('winners', layout);
    const fit = c.jumpCamera('fit', layout);
    const none = c.jumpCamera('fit', null);

    // Assert
    expect(winners).not.toBeNull();
    expect(fit).not.toBeNull();
    expect(none).toBeNull();
  });
});
