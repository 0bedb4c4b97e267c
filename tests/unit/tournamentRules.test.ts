import { describe, expect, it } from 'vitest';
import { hasStarted, isTeamTournament, roundNamesFor } from '../../src/domain/tournamentRules';

describe('roundNamesFor', () => {
  it("names a bracket's rounds in play order, each once", () => {
    expect(roundNamesFor(4)).toEqual([
      'Round 1',
      'Losers Round 1',
      'Winners Final',
      'Losers Final',
      'Grand Final',
      'Grand Final 2',
    ]);
    expect(new Set(roundNamesFor(16)).size).toBe(roundNamesFor(16).length);
  });

  it('answers the rounds of the smallest bracket below 2 entrants, so the maps page always has rounds to fill', () => {
    const two = roundNamesFor(2);
    expect(two).toEqual(['Winners Final', 'Losers Final', 'Grand Final', 'Grand Final 2']);
    expect(roundNamesFor(1)).toEqual(two);
    expect(roundNamesFor(0)).toEqual(two);
    expect(roundNamesFor(-3)).toEqual(two);
    expect(roundNamesFor(2.5)).toEqual(two);
  });
});

describe('hasStarted', () => {
  it('is true once the bracket is in play: ACTIVE or COMPLETED', () => {
    expect(hasStarted({ status: 'ACTIVE' })).toBe(true);
    expect(hasStarted({ status: 'COMPLETED' })).toBe(true);
    expect(hasStarted({ status: 'OPEN' })).toBe(false);
    expect(hasStarted({ status: 'CLOSED' })).toBe(false);
  });
});

describe('isTeamTournament', () => {
  it('is a TOURNAMENT of teams above one player; SWITCHEROO sign-ups are players', () => {
    expect(isTeamTournament({ tournamentType: 'TOURNAMENT', teamLimit: 4 })).toBe(true);
    expect(isTeamTournament({ tournamentType: 'TOURNAMENT', teamLimit: 1 })).toBe(false);
    expect(isTeamTournament({ tournamentType: 'SWITCHEROO', teamLimit: 2 })).toBe(false);
  });
});
