import { describe, expect, it } from 'vitest';
import { worldToScreen } from '../../../src/bracket/camera';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../src/bracket/metrics';
import { fromEngine } from '../../../src/bracket/model';
import { BracketCamera } from '../../../src/bracket/renderer/BracketCamera';
import { BracketData } from '../../../src/bracket/renderer/BracketData';
import { canvasInput, KEY_PAN, KEY_ZOOM } from '../../../src/bracket/renderer/canvasInput';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';

function setup() {
  const data = new BracketData();
  data.matches = fromEngine(generateBracket(16), (e) => ({ label: `P${e}`, imageUrl: null }));
  data.apply();
  const camera = new BracketCamera();
  camera.resize(1000, 600);
  camera.setLayout(data.layout, 'winners');
  const calls: string[] = [];
  const input = canvasInput(camera, data, {
    now: () => 0,
    changed: () => calls.push('frame'),
    hover: (x, y) => calls.push(`hover ${x},${y}`),
    open: (id, newTab) => calls.push(`open ${id}${newTab ? ' new tab' : ''}`),
    zoomBy: (f) => calls.push(`zoomBy ${f}`),
    panBy: (dx, dy) => calls.push(`panBy ${dx},${dy}`),
    fit: () => calls.push('fit'),
  });
  const centreOf = (id: number) => {
    const n = data.nodeOf(id);
    return worldToScreen(camera.cam, data.layout!.nodes.x[n] + CARD_WIDTH / 2, data.layout!.nodes.y[n] + CARD_HEIGHT / 2);
  };
  return { data, camera, input, calls, centreOf };
}

describe('canvasInput (input to camera moves and clicks)', () => {
  it('opens the match of a tapped card, and nothing for a tap on empty space', () => {
    // Arrange
    const { input, calls, centreOf } = setup();
    const p = centreOf(1);

    // Act
    input.tap(p.x, p.y, false);
    input.tap(p.x, p.y, true);
    input.tap(p.x, p.y - 500, false);

    // Assert
    expect(calls).toEqual(['open 1', 'open 1 new tab']);
  });

  it('zooms in about a double tap on empty space, not on a card', () => {
    // Arrange
    const { input, camera, centreOf } = setup();
    const onCard = centreOf(1);
    const zoom = camera.cam.zoom;

    // Act
    input.doubleTap(onCard.x, onCard.y);
    const afterCard = camera.motion.targetZoom;
    input.doubleTap(5, 5);

    // Assert
    expect(afterCard).toBe(zoom);
    expect(camera.motion.targetZoom).toBeCloseTo(zoom * 2);
  });

  it('drags the camera and pinches about the fingers’ midpoint', () => {
    // Arrange
    const { input, camera } = setup();
    const start = { ...camera.cam };

    // Act
    input.dragStart();
    input.dragMove(-50, -20);
    input.dragEnd(0, 0);
    const dragged = { ...camera.cam };
    const world = { x: dragged.x + 300 / dragged.zoom, y: dragged.y + 200 / dragged.zoom };
    input.pinch(1.5, 300, 200, 0, 0);

    // Assert
    expect(dragged.x).toBeCloseTo(start.x + 50 / start.zoom);
    expect(dragged.y).toBeCloseTo(start.y + 20 / start.zoom);
    expect(camera.cam.zoom).toBeCloseTo(dragged.zoom * 1.5);
    expect(camera.cam.x + 300 / camera.cam.zoom).toBeCloseTo(world.x);
    expect(camera.cam.y + 200 / camera.cam.zoom).toBeCloseTo(world.y);
  });

  it('turns keys into the facade’s moves', () => {
    // Arrange
    const { input, calls } = setup();

    // Act
    for (const k of ['in', 'out', 'fit', 'left', 'down'] as const) input.key(k);

    // Assert
    expect(calls).toEqual([`zoomBy ${KEY_ZOOM}`, `zoomBy ${1 / KEY_ZOOM}`, 'fit', `panBy ${KEY_PAN},0`, `panBy 0,${-KEY_PAN}`]);
  });
});
