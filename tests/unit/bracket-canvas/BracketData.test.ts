import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, ROW_HEIGHT } from '../../../src/bracket/metrics';
import { fromEngine } from '../../../src/bracket/model';
import { BracketData } from '../../../src/bracket/renderer/BracketData';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';

const names = (e: number) => ({ label: e % 2 ? `Night Owl ${e}` : `Storm ${e}`, imageUrl: e % 3 === 0 ? `/img/${e}.png` : null });

describe('BracketData (data and layout)', () => {
  it('lays out new matches, keeps the layout for a live update and lists only the cards that changed', () => {
    // Arrange
    const bracket = generateBracket(16);
    const data = new BracketData();
    data.matches = fromEngine(bracket, names);

    // Act
    const first = data.apply();
    const layout = data.layout;
    const again = data.apply();
    data.matches = fromEngine(recordResult(bracket, 1, 'A'), names);
    const live = data.apply();

    // Assert
    expect(first).toEqual({ kind: 'layout' });
    expect(again).toEqual({ kind: 'none' });
    expect(live.kind).toBe('cards');
    expect(data.layout).toBe(layout);
    const changed = live.kind === 'cards' ? live.changed.map((n) => data.matchId(n)) : [];
    expect(changed).toContain(1);
    expect(changed.length).toBeLessThan(5);
  });

  it('builds a new layout when matches are added or moved', () => {
    // Arrange
    const data = new BracketData();
    data.matches = fromEngine(generateBracket(8), names);
    data.apply();
    const before = data.layout;

    // Act
    data.matches = fromEngine(generateBracket(12), names);
    const change = data.apply();

    // Assert
    expect(change).toEqual({ kind: 'layout' });
    expect(data.layout).not.toBe(before);
  });

  it('finds the card and the entry row under a world point', () => {
    // Arrange
    const data = new BracketData();
    data.matches = fromEngine(generateBracket(8), names);
    data.apply();
    const layout = data.layout!;
    const node = layout.nodeOf(1);
    const x = layout.nodes.x[node] + CARD_WIDTH / 2;
    const y = layout.nodes.y[node];
    const m = layout.nodes.match[node];

    // Act
    const top = data.hit(x, y + ROW_HEIGHT / 2);
    const bottom = data.hit(x, y + CARD_HEIGHT - 2);
    const miss = data.hit(x, y - 200);

    // Assert
    expect(top).toEqual({ node, match: 1, entry: m.a.id });
    expect(bottom).toEqual({ node, match: 1, entry: m.b.id });
    expect(miss).toEqual({ node: -1, match: null, entry: null });
    expect(data.cardCentre(node)).toEqual({ x, y: y + CARD_HEIGHT / 2 });
  });

  it('finds entrants by name and their path, and places their pictures on the cards in view', () => {
    // Arrange
    const bracket = recordResult(generateBracket(8), 1, 'A');
    const data = new BracketData();
    data.matches = fromEngine(bracket, names);
    data.apply();
    const m1 = data.layout!.nodes.match[data.nodeOf(1)];
    const winner = m1.a.id!;

    // Act
    const found = data.find('night', 3);
    const path = data.path(winner);
    const latest = data.latestNodeOf(winner);
    const spots = data.avatarSpots(data.layout!.bounds);
    const none = data.avatarSpots({ x: -1e6, y: -1e6, width: 10, height: 10 });

    // Assert
    expect(found.length).toBe(3);
    expect(found.every((f) => f.label.startsWith('Night'))).toBe(true);
    expect(path?.played).toContain(data.nodeOf(1));
    expect(path?.ahead.length).toBeGreaterThan(0);
    expect(data.matchId(latest)).not.toBe(1);
    expect(data.latestNodeOf('nobody')).toBe(-1);
    expect(data.path('nobody')).toBeNull();
    expect(spots.length).toBeGreaterThan(0);
    expect(spots.every((s) => s.url.startsWith('/img/'))).toBe(true);
    expect(none).toEqual([]);
  });

  it('lets go of everything on clear', () => {
    // Arrange
    const data = new BracketData();
    data.matches = fromEngine(generateBracket(4), names);
    data.apply();
    data.entrantIndex();

    // Act
    data.clear();

    // Assert
    expect(data.layout).toBeNull();
    expect(data.matches).toBeNull();
    expect(data.indexed).toBe(false);
    expect(data.hit(0, 0).node).toBe(-1);
    expect(data.find('storm')).toEqual([]);
  });
});
