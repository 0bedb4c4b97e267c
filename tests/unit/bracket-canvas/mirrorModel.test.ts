import { describe, expect, it } from 'vitest';
import { generateBracket } from '../../../src/domain/bracket/generateBracket';
import { recordResult } from '../../../src/domain/bracket/recordResult';
import { fromEngine } from '../../../src/bracket/model';
import { matchLabel, mirrorTracks } from '../../../src/bracket/mirrorModel';

const names = (e: number) => ({ label: `Team ${e + 1}`, imageUrl: null });

describe('DOM mirror model', () => {
  it('names a match with its entrants and score', () => {
    const b = recordResult(generateBracket(5), 2, 'B');
    const matches = fromEngine(b, names, (m) => (m.winner === 'A' ? [2, 1] : [0, 2]));

    expect(matchLabel(matches[1])).toBe('Match 2: Team 4 vs Team 5, 0-2');
    expect(matchLabel(matches[0])).toBe('Match 1: Team 1 vs bye, won by Team 1');
    expect(matchLabel(fromEngine(generateBracket(8), names)[6])).toBe('Match 7: ??? vs ???');
  });

  it('groups live matches by track and round in order, without a void Grand Final 2', () => {
    const matches = fromEngine(generateBracket(8), names);

    const tracks = mirrorTracks(matches);

    expect(tracks.map((t) => t.title)).toEqual(['Winners Bracket', 'Losers Bracket', 'Grand Final']);
    expect(tracks[0].rounds.map((r) => r.name)).toEqual(['Round 1', 'Round 2', 'Winners Final']);
    expect(tracks[1].rounds.map((r) => r.matches.map((m) => m.number))).toEqual([[5, 6], [9, 10], [12], [13]]);
    expect(tracks[2].rounds.map((r) => r.name)).toEqual(['Grand Final']);
  });
});
