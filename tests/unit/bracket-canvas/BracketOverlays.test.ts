import { describe, expect, it } from 'vitest';
import { fromEngine } from '../../../src/bracket/model';
import { BracketData } from '../../../src/bracket/renderer/BracketData';
import { BracketOverlays, deriveStage, EMPTY_DERIVED, type OverlayState } from '../../../src/bracket/renderer/BracketOverlays';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';

describe('BracketOverlays (what is highlighted)', () => {
  it('reports only what a hover changed, and shows the hovered entrant over the pinned one', () => {
    // Arrange
    const o = new BracketOverlays();
    const seen: OverlayState[] = [];
    o.subscribe((s) => seen.push(s));
    o.pin('p1');

    // Act
    const onCard = o.hover({ node: 3, match: 7, entry: 'p2' });
    const sameRow = o.hover({ node: 3, match: 7, entry: 'p2' });
    const otherRow = o.hover({ node: 3, match: 7, entry: 'p3' });
    const hovered = o.highlighted;
    const off = o.hover({ node: -1, match: null, entry: null });

    // Assert
    expect(onCard).toEqual({ match: 7, entry: 'p2' });
    expect(sameRow).toEqual({});
    expect(otherRow).toEqual({ entry: 'p3' });
    expect(off).toEqual({ match: null, entry: null });
    expect(hovered).toBe('p3');
    expect(o.highlighted).toBe('p1');
    // pin, card, row, off: one snapshot per change, none for the repeated hover.
    expect(seen.length).toBe(4);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('bumps the data version so paths are recomputed, and resets to nothing shown', () => {
    // Arrange
    const o = new BracketOverlays();
    o.pin('p1');
    o.hover({ node: 1, match: 2, entry: 'p2' });

    // Act
    o.dataChanged(false);
    const version = o.state.dataVersion;
    o.reset();

    // Assert
    expect(version).toBe(1);
    expect(o.state).toMatchObject({ hoverNode: -1, hoverEntry: null, pinnedEntry: null });
    expect(o.state.dataVersion).toBe(2);
    expect(o.highlighted).toBeNull();
  });
});

describe('deriveStage (what the @pixi/react stage draws)', () => {
  const names = (e: number) => ({ label: `Player ${e}`, imageUrl: null });
  function dataOf(bracket = recordResult(generateBracket(8), 1, 'A')) {
    const data = new BracketData();
    data.matches = fromEngine(bracket, names);
    data.apply();
    return data;
  }

  it('derives the path, the selected card and the marked row, and keeps the snapshot while nothing it shows changed', () => {
    // Arrange
    const data = dataOf();
    const o = new BracketOverlays();
    const m1 = data.layout!.nodes.match[data.nodeOf(1)];
    const winner = m1.a.id!;

    // Act
    o.pin(winner);
    o.select(1);
    o.mark(winner);
    const first = deriveStage(data, o.state, EMPTY_DERIVED);
    o.hover({ node: 5, match: 99, entry: null });
    const again = deriveStage(data, o.state, first);

    // Assert
    expect(first.layout).toBe(data.layout);
    expect(first.path?.played).toContain(data.nodeOf(1));
    expect(first.selected).toBe(data.nodeOf(1));
    const latest = data.latestNodeOf(winner);
    expect(first.marker).toEqual([latest, data.layout!.nodes.match[latest].a.id === winner ? 0 : 1]);
    expect(again).toBe(first);
  });

  it('recomputes the path after a live update, and shows nothing without a layout', () => {
    // Arrange
    const bracket = generateBracket(8);
    const data = dataOf(bracket);
    const o = new BracketOverlays();
    const entrant = data.layout!.nodes.match[data.nodeOf(1)].a.id!;
    o.pin(entrant);
    const before = deriveStage(data, o.state, EMPTY_DERIVED);

    // Act
    data.matches = fromEngine(recordResult(bracket, 1, 'A'), names);
    const change = data.apply();
    o.flashCards(change.kind === 'cards' ? change.changed : [], 1000);
    const after = deriveStage(data, o.state, before);
    const empty = deriveStage(new BracketData(), o.state, after);

    // Assert
    expect(after).not.toBe(before);
    expect(after.path).not.toBe(before.path);
    expect(after.path!.played.length).toBeGreaterThanOrEqual(before.path!.played.length);
    expect(after.flash).toEqual({ nodes: change.kind === 'cards' ? change.changed : [], at: 1000 });
    expect(empty).toBe(EMPTY_DERIVED);
  });
});
