import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import type { SeasonMatchView } from '../../src/api/contract/season';
import { ownSideReported, scoreSubmissionMachine, type ScoreDraft, type ScoreErrors } from '../../machines/flows/scoreSubmissionMachine';
import { isSeasonMatch, type ScoredMatch } from '../../machines/rules/seasonMatchRules';
import { seasonInGroupStages } from '../server/seasonMatches.fixtures';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { createAccount, createBracketFixture, matchesOf, playerOf } from '../views/bracketFixtures';
import { renderApp, type RenderedApp } from '../support/renderApp';
import { Network } from './support/network';
import { definedTransitions, toTestMachine, transitionKey } from './support/testMachine';
import { aMatch, aSeasonMatch } from '../support/machineFixtures';
import { coverTransitions, transitionsOf } from './support/coverTransitions';

configure({ asyncUtilTimeout: 5000 });

/**
 * The score submission machine, walked through the real match pages on the real in-process server: a player of
 * the match (the double-entry flow) and an admin (SUBMIT / OVERWRITE SCORE (ADMIN), CHANGE TEAMS), on a tournament
 * match and on a league (season) match (/match/{id}: a team captain reports; staff set the result). Every path
 * starts on a fresh tournament (or season in its group stages); the network valve holds the match's GET and POST while the model sits in
 * `loading` or `submitting`, and each done/error event lets the real answer (or a real server failure) through.
 */

type Role = 'player' | 'admin';
/** Which match page: a tournament match or a league (season group) match. */
type Kind = 'tournament' | 'season';
type Snap = SnapshotFrom<typeof scoreSubmissionMachine>;
type ModelEvent = { type: string; side?: 'A' | 'B'; value?: string; output?: ScoredMatch; error?: ApiError; match?: ScoredMatch };

const modelMatch = (viewerSide: 'A' | null): TournamentMatch =>
  aMatch({
    id: 1,
    tournamentId: 1,
    tournament: { id: 1, title: 'Model Cup', status: 'ACTIVE', allowScoreSubmission: true, tournamentType: 'TOURNAMENT', teamLimit: 1 },
    definedEntryA: null,
    definedEntryB: null,
    viewerSide,
  });

/** A league group match in play; the viewer captains team A (or plays neither side). */
const modelSeasonMatch = (viewerSide: 'A' | null): SeasonMatchView => ({
  ...aSeasonMatch(),
  seasonType: 'GROUP_STAGES',
  live: true,
  teamABye: false,
  teamBBye: false,
  viewerSide,
  viewerIsCaptain: viewerSide !== null,
});

/** Whether the match has a result, whichever kind it is. */
const isDecided = (m: ScoredMatch) => (isSeasonMatch(m) ? m.winningTeam !== null : m.winningEntry !== '');
/** Whether the viewer's side has reported, whichever kind the match is. */
const viewerReported = (m: ScoredMatch) =>
  isSeasonMatch(m) ? (m.viewerSide === 'A' ? m.teamAScoreA : m.viewerSide === 'B' ? m.teamBScoreA : null) !== null : ownSideReported(m);
/** The answers of the score calls: side A's report kept, or staff's 3–1 result deciding the match. */
const reported = (m: ScoredMatch): ScoredMatch => (isSeasonMatch(m) ? { ...m, teamAScoreA: 3, teamAScoreB: 1 } : { ...m, entryAScoreA: 3, entryAScoreB: 1 });
const decidedOf = (m: ScoredMatch): ScoredMatch =>
  isSeasonMatch(m)
    ? { ...m, winningTeam: 'TeamA', teamAScoreA: 3, teamAScoreB: 1, teamBScoreA: 3, teamBScoreB: 1, scoreA: 3, scoreB: 1 }
    : { ...m, winningEntry: 'EntryA' as const, scoreA: 3, scoreB: 1, entryAScoreA: null };

const SCORE_CHANGES: ModelEvent[] = [
  { type: 'score.change', side: 'A', value: '3' },
  { type: 'score.change', side: 'B', value: '1' },
  { type: 'score.change', side: 'A', value: '5' },
];
const CONFIRM_CHANGES: ModelEvent[] = [
  { type: 'confirm.change', side: 'A', value: '3' },
  { type: 'confirm.change', side: 'B', value: '1' },
  { type: 'confirm.change', side: 'B', value: '2' },
];
const is404 = (e: unknown) => e instanceof ApiError && e.status === 404;

/** The events worth trying in a model state: only those the machine takes (so every step is a real transition). */
function eventsFor(role: Role, kind: Kind) {
  return (s: Snap): ModelEvent[] => {
    const viewer = role === 'player' ? 'A' : null;
    const match = s.context.match ?? (kind === 'season' ? modelSeasonMatch(viewer) : modelMatch(viewer));
    const candidates: ModelEvent[] = [
      // A reload answers what the server holds: the last match the page knew (failed writes change nothing).
      { type: 'xstate.done.actor.loadMatch', output: match },
      { type: 'xstate.error.actor.loadMatch', error: new ApiError(500, 'The database is busy') },
      { type: 'xstate.error.actor.loadMatch', error: new ApiError(404, 'Match not found') },
      ...(s.matches('unavailable') && is404(s.context.loadError) ? [] : [{ type: 'match.reload' }]),
      { type: 'score.start' },
      { type: 'admin.start' },
      // CHANGE TEAMS is a tournament tool: league matches never change teams by hand.
      ...(role === 'admin' && kind === 'tournament' && !isDecided(match) ? [{ type: 'match.replace', match }] : []),
      ...SCORE_CHANGES,
      { type: 'score.submit' },
      { type: 'score.cancel' },
      { type: 'score.retry' },
      ...CONFIRM_CHANGES,
      { type: 'confirm.submit' },
      { type: 'confirm.cancel' },
      // A player's report is kept beside the other side's; staff's result decides the match.
      { type: 'xstate.done.actor.submitScore', output: s.context.flow === 'report' ? reported(match) : decidedOf(match) },
      { type: 'xstate.error.actor.submitScore', error: new ApiError(500, 'The database is busy') },
    ];
    return candidates.filter((e) => s.can(e as never));
  };
}

const keyOf = (s: Snap) => ({
  value: s.value,
  flow: s.matches('scoring') ? s.context.flow : null,
  decided: s.context.match ? isDecided(s.context.match) : null,
  reported: s.context.match ? viewerReported(s.context.match) : null,
  missing: is404(s.context.loadError),
  scores: s.context.scores,
  errors: Object.keys(s.context.errors).sort(),
  confirmation: s.context.confirmation,
  confirmationErrors: Object.keys(s.context.confirmationErrors).sort(),
});

const describeEvent = (e: ModelEvent) =>
  e.error ? `${e.type}(${e.error.status})` : e.type.startsWith('xstate.done') || e.side === undefined ? e.type : `${e.type}(${e.side}=${e.value})`;

/** The scoring states of both flows are walked apart: the player's double entry and staff's result. */
const stateWithFlow = (s: Snap) => (s.matches('scoring') ? [s.context.flow, s.value] : s.value);
const withoutFlow = (t: string) => t.replace(/\["(?:report|staffResult)",([^\]]*)\]/g, '$1');

const testMachine = toTestMachine(scoreSubmissionMachine);
const pathsFor = (role: Role, kind: Kind = 'tournament') => {
  const model = createTestModel(testMachine, {
    input: { tournamentId: kind === 'season' ? null : 1, matchId: 1, isStaff: role === 'admin' },
    serializeState: transitionKey(keyOf) as never,
  });
  return model
    .getShortestPaths({ events: eventsFor(role, kind) as never })
    .map((path) => ({ role, kind, path, transitions: transitionsOf(path, 'start', describeEvent, stateWithFlow) }));
};
const { kept: TOURNAMENT_PATHS, all: WALKED } = coverTransitions([...pathsFor('player'), ...pathsFor('admin')]);
// The league match walks every transition it takes as well (each kind is covered on its own).
const { kept: SEASON_PATHS, all: SEASON_WALKED } = coverTransitions([...pathsFor('player', 'season'), ...pathsFor('admin', 'season')]);
const PATHS = [...TOURNAMENT_PATHS, ...SEASON_PATHS];

describe('score submission machine through the real match page', () => {
  let server: TestServer;
  const net = new Network();
  /** The match's API path: /v1/tournament/{id}/match/{matchId} or /v1/match/{matchId}. */
  let apiPath: string;
  let screens: RenderedApp;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    net.release();
    cleanup();
  });

  const GET = () => new RegExp(`^GET ${apiPath}$`);
  const POST = () => new RegExp(`^POST ${apiPath}(/admin)?$`);
  const panel = () => screen.getByRole('region', { name: /^(SUBMIT SCORE|SUBMIT SCORE \(ADMIN\)|OVERWRITE SCORE \(ADMIN\))$/ });
  const confirmDialog = () => screen.getByRole('dialog', { name: 'Confirm the score' });
  const adminDialog = () => screen.getByRole('dialog', { name: /SCORE \(ADMIN\)$/ });
  const fields = (within_: HTMLElement) => within(within_).getAllByRole('textbox') as HTMLInputElement[];
  const describedBy = (el: HTMLElement) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const expectFields = (inputs: HTMLInputElement[], draft: ScoreDraft, errors: ScoreErrors) => {
    (['A', 'B'] as const).forEach((side, i) => {
      expect(inputs[i].value).toBe(draft[side]);
      if (errors[side]) expect(describedBy(inputs[i])).toContain(errors[side]);
      else expect(inputs[i].getAttribute('aria-invalid')).not.toBe('true');
    });
  };
  const held = (pattern: RegExp) => waitFor(() => expect(net.held.some((r) => pattern.test(r))).toBe(true));
  const pageHeading = () => screen.findByRole('heading', { level: 1, name: /· Match \d+$|^Group Stage$/ });
  const user = () => screens.user;

  /** A fresh tournament match (entries A and B), or a fresh league group match (teams A and B, captains). */
  async function freshMatch(role: Role, kind: Kind) {
    const db = server.database.db;
    const admin = (await createAccount(db, 'ADMIN')).discordName;
    if (kind === 'season') {
      const season = await seasonInGroupStages(server, await server.agent().signIn(admin), 4);
      const [first] = await season.groupMatches();
      const captain = season.entered.find((t) => t.team.id === first.teamAId)!.captain.discordName;
      return { url: `/match/${first.id}`, api: `/v1/match/${first.id}`, name: role === 'player' ? captain : admin };
    }
    const fixture = await createBracketFixture(db, { entries: 4 });
    const [first] = (await matchesOf(server.agent(), fixture.tournamentId)).filter((m) => m.track === 'winners' && m.round === 0);
    const path = `/tournaments/${fixture.tournamentId}/match/${first.id}`;
    return { url: path, api: `/v1${path.replace('/tournaments/', '/tournament/')}`, name: role === 'player' ? playerOf(fixture, first, 'A').discordName : admin };
  }

  async function boot(role: Role, kind: Kind) {
    const match = await freshMatch(role, kind);
    apiPath = match.api;
    const network = (agent: Agent) => {
      net.reset(agent);
      net.hold(GET());
      return net.fetch;
    };
    screens = await renderApp(match.url, { server, as: match.name, network });
  }

  const states = {
    loading: async () => {
      await held(GET());
    },
    unavailable: async (s: Snap) => {
      const missing = is404(s.context.loadError);
      expect(await screen.findByRole('heading', { name: missing ? 'Match not found' : 'This match could not be loaded' })).toBeTruthy();
      expect(!!screen.queryByRole('button', { name: 'Try again' })).toBe(!missing);
    },
    idle: async (s: Snap) => {
      await pageHeading();
      const m = s.context.match!;
      const isAdmin = s.context.isStaff;
      await waitFor(() => expect(!!screen.queryByRole('button', { name: 'SUBMIT SCORE' })).toBe(!isAdmin && !viewerReported(m)));
      if (!isAdmin && viewerReported(m)) {
        expect(within(screen.getByRole('region', { name: /^Entry A/ })).getByText(/^reported .+ 3 – 1 .+$/)).toBeTruthy();
        expect(screen.getByText('Your side has already reported a score')).toBeTruthy();
      }
      const decided = isDecided(m);
      expect(!!screen.queryByRole('button', { name: 'SUBMIT SCORE (ADMIN)' })).toBe(isAdmin && !decided);
      expect(!!screen.queryByRole('button', { name: 'OVERWRITE SCORE (ADMIN)' })).toBe(isAdmin && decided);
      expect(!!screen.queryByRole('button', { name: 'CHANGE TEAMS' })).toBe(isAdmin && !decided && !isSeasonMatch(m));
      if (decided) expect(screen.getByRole('region', { name: /^Entry A/ }).getAttribute('aria-label')).toBe('Entry A (winner)');
      expect(screen.queryByRole('region', { name: /SCORE/ })).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    'scoring.entering': async (s: Snap) => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const staffTitle = isDecided(s.context.match!) ? 'OVERWRITE SCORE (ADMIN)' : 'SUBMIT SCORE (ADMIN)';
      expect(panel().getAttribute('aria-label')).toBe(s.context.flow === 'report' ? 'SUBMIT SCORE' : staffTitle);
      expectFields(fields(panel()), s.context.scores, s.context.errors);
    },
    'scoring.confirming': async (s: Snap) => {
      if (s.context.flow === 'report') {
        const dialog = await screen.findByRole('dialog', { name: 'Confirm the score' });
        expectFields(fields(dialog), s.context.confirmation, s.context.confirmationErrors);
      } else {
        const dialog = await screen.findByRole('dialog', { name: /SCORE \(ADMIN\)$/ });
        expect(within(dialog).getByText(new RegExp(` ${s.context.scores.A} – ${s.context.scores.B} `))).toBeTruthy();
      }
    },
    'scoring.submitting': async (s: Snap) => {
      await held(POST());
      // The player's dialog closes while the score is sent; staff's confirmation stays open, busy.
      if (s.context.flow === 'report') await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    'scoring.failed': async (s: Snap) => {
      expect(await within(panel()).findByText('The score was not saved')).toBeTruthy();
      if (s.context.flow === 'report') expectFields(fields(panel()), s.context.scores, {});
    },
  };

  const type = async (input: HTMLInputElement, value: string) => {
    await user().clear(input);
    if (value) await user().type(input, value);
  };
  const release = () => act(() => net.release());

  const events = (role: Role, kind: Kind) => ({
    'xstate.init': () => boot(role, kind),
    'xstate.done.actor.loadMatch': release,
    'xstate.error.actor.loadMatch': async ({ event }: { event: ModelEvent }) => {
      server.failNext(`GET ${apiPath}`, event.error!.status, event.error!.message);
      await release();
    },
    'match.reload': async () => {
      net.hold(GET());
      await user().click(screen.getByRole('button', { name: 'Try again' }));
    },
    'score.start': () => user().click(screen.getByRole('button', { name: 'SUBMIT SCORE' })),
    'admin.start': () => user().click(screen.getByRole('button', { name: /^(SUBMIT|OVERWRITE) SCORE \(ADMIN\)$/ })),
    'match.replace': async () => {
      await user().click(screen.getByRole('button', { name: 'CHANGE TEAMS' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change teams' });
      const control = await within(dialog).findByRole('combobox', { name: 'Entry B' });
      await user().click(control);
      const listbox = await waitFor(() => document.getElementById(control.getAttribute('aria-controls') ?? '')!);
      const playing = [0, 1].map((i) => screen.getAllByRole('region', { name: /^Entry [AB]/ })[i].querySelector('a, p')?.textContent);
      const option = within(listbox)
        .getAllByRole('option', { hidden: true })
        .find((o) => !playing.includes(o.textContent))!;
      fireEvent.click(option);
      await user().click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change teams' })).toBeNull());
      await waitFor(() => expect(screen.getAllByRole('region', { name: /^Entry B/ })[0].textContent).toContain(option.textContent!));
    },
    'score.change': ({ event }: { event: ModelEvent }) => type(fields(panel())[event.side === 'A' ? 0 : 1], event.value!),
    'score.submit': () => user().click(within(panel()).getByRole('button', { name: 'Continue' })),
    'score.cancel': ({ state }: { state: Snap }) => {
      if (state.matches('loading')) net.hold(GET());
      return user().click(within(panel()).getByRole('button', { name: 'Cancel' }));
    },
    'score.retry': () => {
      net.hold(POST());
      return user().click(within(panel()).getByRole('button', { name: 'Try again' }));
    },
    'confirm.change': ({ event }: { event: ModelEvent }) => type(fields(confirmDialog())[event.side === 'A' ? 0 : 1], event.value!),
    'confirm.submit': ({ state }: { state: Snap }) => {
      if (state.matches({ scoring: 'submitting' })) net.hold(POST());
      if (role === 'player') return user().click(within(confirmDialog()).getByRole('button', { name: 'Confirm score' }));
      return user().click(within(adminDialog()).getByRole('button', { name: /^(Submit|Overwrite) score$/ }));
    },
    'confirm.cancel': () =>
      role === 'player'
        ? user().click(within(confirmDialog()).getByRole('button', { name: 'Back' }))
        : user().click(within(adminDialog()).getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.submitScore': release,
    'xstate.error.actor.submitScore': async () => {
      const staffPath = role === 'admin' ? '/admin' : '';
      server.failNext(`POST ${apiPath}${staffPath}`, 500, 'The database is busy');
      await release();
    },
  });

  it('walks every transition the machine defines', () => {
    const walked = new Set([...WALKED].map((t) => withoutFlow(t.replace(/\((\d+|[AB]=\d*)\)-->/, '-->'))).filter((t) => !t.startsWith('start')));
    // The live stream's transitions (live.*) come from an EventSource, which jsdom lacks: tests/unit/scoreSubmissionLive.test.ts
    // walks them, and tests/server/liveEvents.test.ts the stream itself.
    const notLive = (t: string) => !t.includes('--live.');
    expect(walked).toEqual(new Set([...definedTransitions(testMachine)].filter(notLive)));
    // The league match takes every transition but CHANGE TEAMS (a tournament tool).
    const seasonWalked = new Set([...SEASON_WALKED].map((t) => withoutFlow(t.replace(/\((\d+|[AB]=\d*)\)-->/, '-->'))).filter((t) => !t.startsWith('start')));
    expect(seasonWalked).toEqual(new Set([...definedTransitions(testMachine)].filter((t) => notLive(t) && !t.includes('--match.replace-->'))));
    expect(PATHS.length).toBeGreaterThan(10);
    // Both flows submit through the real view.
    for (const flow of ['report', 'staffResult']) {
      expect(WALKED).toContain(`["${flow}",{"scoring":"confirming"}] --confirm.submit--> ["${flow}",{"scoring":"submitting"}]`);
    }
  });

  describe.each(PATHS)('$kind $role: $path.description', ({ role, kind, path }) => {
    it('shows what the user should see at every step', async () => {
      await path.test({ states, events: events(role, kind) as never });
    });
  });
});
