import { describe, expect, it } from 'vitest';
import { changedNodes } from '../../../src/bracket/diffMatches';
import { layoutBracket } from '../../../src/bracket/layoutBracket';
import { fromEngine, type ViewMatch } from '../../../src/bracket/model';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';

const names = (e: number) => ({ label: `Player ${e + 1}`, imageUrl: null });

describe('changedNodes (live updates)', () => {
  it('lists only the cards a reported result changed, keeping every card in place', () => {
    // Arrange
    const before = generateBracket(16);
    const previous = fromEngine(before, names);
    const layout = layoutBracket(previous);
    const { x, y } = layout.nodes;
    const positions = [Float64Array.from(x), Float64Array.from(y)];
    // Match 1 decided: its card and the next card of the winner and of the loser change.
    const next = fromEngine(recordResult(before, 1, 'A'), names);

    // Act
    const changed = changedNodes(layout, previous, next);

    // Assert
    expect(changed).not.toBeNull();
    const ids = (changed ?? []).map((n) => layout.nodes.match[n].id).sort((p, q) => p - q);
    const expected = next.filter((m, i) => JSON.stringify(m) !== JSON.stringify(previous[i])).map((m) => m.id);
    expect(ids).toEqual(expected.sort((p, q) => p - q));
    expect(ids).toContain(1);
    expect(ids.length).toBeLessThan(5);
    expect(layout.nodes.match[layout.nodeOf(1)]).toBe(next.find((m) => m.id === 1));
    expect(Array.from(layout.nodes.x)).toEqual(Array.from(positions[0]));
    expect(Array.from(layout.nodes.y)).toEqual(Array.from(positions[1]));
  });

  it('finds nothing changed in an equal copy of the list (a refetch)', () => {
    const previous = fromEngine(generateBracket(32), names);
    const layout = layoutBracket(previous);

    const changed = changedNodes(layout, previous, structuredClone(previous));

    expect(changed).toEqual([]);
  });

  it('asks for a new layout when matches move, appear or are rewired', () => {
    const previous = fromEngine(generateBracket(8), names);
    const layout = () => layoutBracket(previous);
    const moved: ViewMatch[] = previous.map((m, i) => (i === 0 ? { ...m, position: m.position + 5 } : m));
    const rewired: ViewMatch[] = previous.map((m) => (m.sourceA?.kind === 'winner' ? { ...m, sourceA: { ...m.sourceA, match: m.sourceA.match + 1 } } : m));

    expect(changedNodes(layout(), previous, moved)).toBeNull();
    expect(changedNodes(layout(), previous, previous.slice(1))).toBeNull();
    expect(changedNodes(layout(), previous, rewired)).toBeNull();
  });
});
