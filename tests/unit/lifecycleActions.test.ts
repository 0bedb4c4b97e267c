import { describe, expect, it } from 'vitest';
import type { LifecycleAction } from '../../machines/rules/lifecycleActions';
import { SEASON_ACTIONS } from '../../machines/rules/seasonActions';
import { stateListsEvent, type SeasonEvent } from '../../machines/rules/seasonMachine';
import { TOURNAMENT_ACTIONS } from '../../machines/rules/tournamentActions';
import { canTournament, type TournamentEvent } from '../../machines/rules/tournamentMachine';
import { SEASON_TYPES, TOURNAMENT_STATUSES } from '../../src/domain/constants';
import { season } from './seasonFixture';
import { aTournament } from '../support/machineFixtures';

/** Every row is complete: a menu label, a notice, an endpoint, and a confirmation that is either absent or whole. */
function expectComplete<S>(table: Record<string, LifecycleAction<S, unknown>>, subject: S) {
  for (const [action, row] of Object.entries(table)) {
    expect(row.label.trim(), `${action} label`).not.toBe('');
    expect(row.notice(subject).title.trim(), `${action} notice`).not.toBe('');
    expect(['POST', 'DELETE'], `${action} method`).toContain(row.endpoint.method);
    expect(row.endpoint.path, `${action} path`).toMatch(/^[a-z-]*$/);
    if (row.confirm) {
      for (const key of ['title', 'text', 'label'] as const) expect(row.confirm[key].trim(), `${action} confirm ${key}`).not.toBe('');
    }
  }
  const endpoints = Object.values(table).map((r) => `${r.endpoint.method} ${r.endpoint.path}`);
  expect(new Set(endpoints).size, 'one endpoint per action').toBe(endpoints.length);
}

describe('lifecycle action tables', () => {
  it('season: every action has a label, an endpoint and a notice, and some state of the rulebook offers it', () => {
    expectComplete(SEASON_ACTIONS as Record<string, LifecycleAction<ReturnType<typeof season>, SeasonEvent>>, season('OPEN'));
    const allowedFrom = Object.fromEntries(
      Object.entries(SEASON_ACTIONS).map(([action, row]) => [action, SEASON_TYPES.filter((t) => stateListsEvent(t, row.event(season(t)).type))]),
    );
    expect(allowedFrom).toEqual({
      closeSignups: ['OPEN'],
      reopenSignups: ['CLOSED'],
      startGroupStages: ['CLOSED'],
      resetGroupStages: ['GROUP_STAGES'],
      startPlayoffs: ['GROUP_STAGES'],
      revertToGroupStages: ['PLAYOFFS'],
      delete: [...SEASON_TYPES],
    });
  });

  it('tournament: every action has a label, an endpoint and a notice, and some status of the rulebook offers it', () => {
    expectComplete(TOURNAMENT_ACTIONS as Record<string, LifecycleAction<ReturnType<typeof aTournament>, TournamentEvent>>, aTournament());
    const allowedFrom = Object.fromEntries(
      Object.entries(TOURNAMENT_ACTIONS).map(([action, row]) => [action, TOURNAMENT_STATUSES.filter((s) => canTournament(s, row.event().type))]),
    );
    expect(allowedFrom).toEqual({ close: ['OPEN', 'ACTIVE'], open: ['CLOSED'], cleanDiscord: ['COMPLETED'], delete: [...TOURNAMENT_STATUSES] });
  });

  it('asks before every season action but starting the group stages, and before the irreversible tournament ones', () => {
    const asks = (table: Record<string, { confirm: unknown }>) => Object.keys(table).filter((a) => table[a].confirm !== null);
    expect(asks(SEASON_ACTIONS)).toEqual(['closeSignups', 'reopenSignups', 'resetGroupStages', 'startPlayoffs', 'revertToGroupStages', 'delete']);
    expect(asks(TOURNAMENT_ACTIONS)).toEqual(['cleanDiscord', 'delete']);
  });
});
