import { describe, expect, it } from 'vitest';
import { BracketOverlays, type OverlayState } from '../../../src/bracket/renderer/BracketOverlays';

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
    o.dataChanged();
    const version = o.state.dataVersion;
    o.reset();

    // Assert
    expect(version).toBe(1);
    expect(o.state).toMatchObject({ hoverNode: -1, hoverEntry: null, pinnedEntry: null });
    expect(o.state.dataVersion).toBe(2);
    expect(o.highlighted).toBeNull();
  });
});
