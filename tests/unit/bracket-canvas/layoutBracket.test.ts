import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import type { Bracket } from '../../../src/domain/bracket/types';
import { fromEngine, type ViewMatch } from '../../../src/bracket/model';
import { layoutBracket, type BracketLayout, type Rect } from '../../../src/bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../src/bracket/metrics';

const names = (e: number) => ({ label: `Player ${e + 1}`, imageUrl: null });
const view = (b: Bracket): ViewMatch[] => fromEngine(b, names);

function inside(r: Rect, x: number, y: number, w: number, h: number): boolean {
  return x >= r.x - 1e-6 && y >= r.y - 1e-6 && x + w <= r.x + r.width + 1e-6 && y + h <= r.y + r.height + 1e-6;
}

function nodeOfNumber(layout: BracketLayout, number: number): number {
  return layout.nodes.match.findIndex((m) => m.number === number);
}

/** Plays every ready match, side A winning, until the Grand Final is decided for side B (GF2 live). */
function playOut(b: Bracket, gfWinner: 'A' | 'B'): Bracket {
  const gf = b.matches.length - 1;
  for (let i = 0; i < b.matches.length - 1; i++) {
    const m = b.matches[i];
    if (m.winner === null && m.entryA !== null && m.entryB !== null && m.live) {
      b = recordResult(b, m.number, m.number === gf ? gfWinner : 'A');
    }
  }
  return b;
}

describe('layoutBracket', () => {
  it.each([2, 3, 5, 8, 13, 64, 100])('keeps the cards of a round apart (%i entrants)', (n) => {
    // Arrange
    const layout = layoutBracket(view(generateBracket(n)));

    // Act / Assert
    for (const col of layout.columns) {
      for (let i = col.first + 1; i < col.end; i++) {
        expect(layout.nodes.x[i]).toBe(layout.nodes.x[col.first]);
        expect(layout.nodes.y[i]).toBeGreaterThanOrEqual(layout.nodes.y[i - 1] + CARD_HEIGHT);
      }
    }
  });

  it('never overlaps two cards anywhere (64 entrants)', () => {
    const { nodes } = layoutBracket(view(generateBracket(64)));

    for (let i = 0; i < nodes.count; i++) {
      for (let j = i + 1; j < nodes.count; j++) {
        const apart =
          nodes.x[i] + CARD_WIDTH <= nodes.x[j] ||
          nodes.x[j] + CARD_WIDTH <= nodes.x[i] ||
          nodes.y[i] + CARD_HEIGHT <= nodes.y[j] ||
          nodes.y[j] + CARD_HEIGHT <= nodes.y[i];
        expect(apart).toBe(true);
      }
    }
  });

  it('puts the winners track above the losers track and the finals to the right of both', () => {
    const layout = layoutBracket(view(generateBracket(16)));
    const { winners, losers, final } = layout.tracks;

    expect(winners.y + winners.height).toBeLessThan(losers.y);
    expect(final.x).toBeGreaterThan(winners.x + winners.width);
    expect(final.x).toBeGreaterThan(losers.x + losers.width);
    for (let i = 0; i < layout.nodes.count; i++) {
      const m = layout.nodes.match[i];
      expect(inside(layout.tracks[m.track], layout.nodes.x[i], layout.nodes.y[i], CARD_WIDTH, CARD_HEIGHT)).toBe(true);
    }
  });

  it('stacks round 1 by position and centres a later winners match on its two sources', () => {
    const layout = layoutBracket(view(generateBracket(8)));
    // 8 entrants: R1 1–4, R2 7–8 (7 = winners of 1 and 2).
    const [m1, m2, m7] = [1, 2, 7].map((n) => nodeOfNumber(layout, n));

    expect(layout.nodes.y[m2]).toBeGreaterThan(layout.nodes.y[m1]);
    expect(layout.nodes.y[m7]).toBeCloseTo((layout.nodes.y[m1] + layout.nodes.y[m2]) / 2);
    expect(layout.nodes.x[m7]).toBeGreaterThan(layout.nodes.x[m1] + CARD_WIDTH);
  });

  it('joins each match to the matches its winner comes from, and draws no loser drops', () => {
    const matches = view(generateBracket(16));
    const layout = layoutBracket(matches);
    const pairs = new Set<string>();
    for (let e = 0; e < layout.edges.count; e++) {
      const from = layout.nodes.match[layout.edges.from[e]];
      const to = layout.nodes.match[layout.edges.to[e]];
      pairs.add(`${from.id}>${to.id}`);
      expect([to.sourceA, to.sourceB]).toContainEqual({ match: from.id, kind: 'winner' });
      expect(from.track === to.track || to.track === 'final').toBe(true);
    }

    for (const m of matches.filter((x) => x.live)) {
      for (const s of [m.sourceA, m.sourceB]) {
        if (!s) continue;
        const src = matches.find((x) => x.id === s.match) as ViewMatch;
        const drawnEdge = s.kind === 'winner' && (src.track === m.track || m.track === 'final');
        expect(pairs.has(`${s.match}>${m.id}`)).toBe(drawnEdge);
      }
    }
  });

  it('feeds the Grand Final from the Winners Final and the Losers Final', () => {
    const layout = layoutBracket(view(generateBracket(8)));
    const gf = nodeOfNumber(layout, 14);
    const into = [...layout.edges.to].map((to, e) => [to, layout.edges.from[e]]).filter(([to]) => to === gf);

    expect(into.map(([, from]) => layout.nodes.match[from].roundName).sort()).toEqual(['Losers Final', 'Winners Final']);
  });

  it('hides a void Grand Final 2 and draws it once it is live', () => {
    const fresh = generateBracket(4);
    const gf2Number = fresh.matches.length;

    const hidden = layoutBracket(view(playOut(fresh, 'A')));
    const shown = layoutBracket(view(playOut(fresh, 'B')));

    expect(hidden.nodes.match.some((m) => m.number === gf2Number)).toBe(false);
    expect(hidden.nodeOf(gf2Number)).toBe(-1);
    const gf2 = shown.nodeOf(gf2Number);
    expect(gf2).toBeGreaterThanOrEqual(0);
    expect(shown.nodes.x[gf2]).toBeGreaterThan(shown.nodes.x[shown.nodeOf(gf2Number - 1)]);
    expect(shown.tracks.final.width).toBeGreaterThan(hidden.tracks.final.width);
  });

  it('bounds every card and every track', () => {
    const layout = layoutBracket(view(generateBracket(37)));
    const { bounds, tracks } = layout;

    for (let i = 0; i < layout.nodes.count; i++) {
      expect(inside(bounds, layout.nodes.x[i], layout.nodes.y[i], CARD_WIDTH, CARD_HEIGHT)).toBe(true);
    }
    for (const t of [tracks.winners, tracks.losers, tracks.final]) {
      expect(inside(bounds, t.x, t.y, t.width, t.height)).toBe(true);
    }
    expect(bounds.x).toBe(0);
    expect(bounds.y).toBe(0);
  });

  it('maps match ids to nodes', () => {
    const layout = layoutBracket(view(generateBracket(8)));

    for (let i = 0; i < layout.nodes.count; i++) expect(layout.nodeOf(layout.nodes.match[i].id)).toBe(i);
    expect(layout.nodeOf(9999)).toBe(-1);
  });

  it('accepts arbitrary ids and an unusual numbering without overlapping', () => {
    const matches = view(generateBracket(8)).map((m) => ({
      ...m,
      id: m.id * 1_000_003,
      position: m.track === 'winners' && m.round === 1 ? 1 - m.position : m.position,
      sourceA: m.sourceA && { ...m.sourceA, match: m.sourceA.match * 1_000_003 },
      sourceB: m.sourceB && { ...m.sourceB, match: m.sourceB.match * 1_000_003 },
    }));

    const layout = layoutBracket(matches);

    expect(layout.nodes.count).toBe(14);
    for (const col of layout.columns) {
      for (let i = col.first + 1; i < col.end; i++) expect(layout.nodes.y[i]).toBeGreaterThanOrEqual(layout.nodes.y[i - 1] + CARD_HEIGHT);
    }
    expect(layout.nodeOf(7 * 1_000_003)).toBeGreaterThanOrEqual(0);
  });

  it('handles an empty list', () => {
    const layout = layoutBracket([]);

    expect(layout.nodes.count).toBe(0);
    expect(layout.edges.count).toBe(0);
    expect(layout.bounds.width).toBe(0);
  });

  it('lays out 16,384 entrants quickly', () => {
    const matches = view(generateBracket(16384));
    let layout = layoutBracket(matches);
    let ms = Infinity;

    // Best of a few runs: the machine running the tests is shared.
    for (let run = 0; run < 6; run++) {
      const t0 = performance.now();
      layout = layoutBracket(matches);
      ms = Math.min(ms, performance.now() - t0);
    }

    expect(layout.nodes.count).toBe(32766);
    expect(ms).toBeLessThan(50);
  });
});
