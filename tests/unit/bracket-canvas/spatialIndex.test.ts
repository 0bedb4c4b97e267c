import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { fromEngine } from '../../../src/bracket/model';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { buildChunkIndex, nodeAt, queryChunks } from '../../../src/bracket/spatialIndex';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../src/bracket/metrics';

const layout = layoutBracket(fromEngine(generateBracket(256), (e) => ({ label: `P${e}`, imageUrl: null })));

describe('spatial index', () => {
  it('finds exactly the chunks holding a visible card (against a brute force scan)', () => {
    const index = buildChunkIndex(layout, 8);
    const rects = [
      { x: 0, y: 0, width: 1280, height: 720 },
      { x: 900, y: 4000, width: 640, height: 360 },
      { x: -500, y: -500, width: 100, height: 100 },
      { x: layout.bounds.x, y: layout.bounds.y, width: layout.bounds.width, height: layout.bounds.height },
    ];

    for (const r of rects) {
      const out: number[] = [];
      const n = queryChunks(index, r, out);
      const found = new Set(out.slice(0, n));
      for (let i = 0; i < layout.nodes.count; i++) {
        const x = layout.nodes.x[i];
        const y = layout.nodes.y[i];
        const visible = x < r.x + r.width && x + CARD_WIDTH > r.x && y < r.y + r.height && y + CARD_HEIGHT > r.y;
        if (visible) expect(found.has(index.chunkOf[i])).toBe(true);
      }
    }
  });

  it('finds the chunk of a connector whose cards are both off screen', () => {
    const index = buildChunkIndex(layout, 1);
    const wf = layout.nodes.match.findIndex((m) => m.roundName === 'Winners Final');
    const e = [...layout.edges.to].indexOf(wf);
    const from = layout.edges.from[e];
    // A thin strip between the source and the Winners Final, left of the Winners Final card.
    const top = Math.min(layout.nodes.y[from], layout.nodes.y[wf]) + CARD_HEIGHT;
    const bottom = Math.max(layout.nodes.y[from], layout.nodes.y[wf]);
    const strip = { x: layout.nodes.x[wf] - 30, y: (top + bottom) / 2, width: 10, height: 10 };

    const out: number[] = [];
    const n = queryChunks(index, strip, out);

    expect(out.slice(0, n)).toContain(index.chunkOf[wf]);
  });

  it('hits the card under a point', () => {
    for (const i of [0, 5, 200, layout.nodes.count - 1]) {
      expect(nodeAt(layout, layout.nodes.x[i] + 10, layout.nodes.y[i] + CARD_HEIGHT - 1)).toBe(i);
    }
    expect(nodeAt(layout, layout.nodes.x[0] + CARD_WIDTH + 20, layout.nodes.y[0] + 5)).toBe(-1);
    expect(nodeAt(layout, -50, -50)).toBe(-1);
  });
});
