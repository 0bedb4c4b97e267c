import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments } from '../../server/db/schema';
import { useTestServer, type Agent } from '../support/testServer';
import { createTournament, multipartFile, newPlayer, PNG, setStatus, startDiscordFake, tournamentBody, type DiscordFake } from './tournaments.fixtures';
import { Paged } from '../../src/api/contract/common';
import { HallOfFameEntry, Tournament, UserTournaments } from '../../src/api/contract/tournament';
import { ERRORS, SERVER, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { array, assert } from 'superstruct';

const DAY = 86_400_000;
const M = VALIDATION.tournament;

describe('tournaments: admin calls, lifecycle, lists and entries', () => {
  const server = useTestServer({ seed: true });
  let admin: Agent;
  let player: Agent;
  let guest: Agent;

  beforeAll(async () => {
    admin = await server.agent().signIn('AdminAce');
    player = (await newPlayer(server)).agent;
    guest = server.agent();
  });

  const db = () => server.db;
  const detail = async (id: number, as: Agent = admin) => (await as.get(`/v1/tournament/${id}`)).body as Tournament;
  /** Free solo entries for `n` new players. */
  const fill = async (id: number, n: number) => {
    for (let i = 0; i < n; i++) {
      const { user, agent } = await newPlayer(server);
      const res = await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, {});
      expect(res.status).toBe(200);
    }
  };
  const seededId = async (title: string) => {
    const [row] = await db().select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.title, title));
    return row.id;
  };

  describe('who may call', () => {
    it('refuses guests (401) and players (403) on every admin call', async () => {
      const id = await createTournament(admin);
      const calls: [string, (a: Agent) => Promise<{ status: number; body: any }>][] = [
        ['list', (a) => a.get('/v1/tournament')],
        ['create', (a) => a.post('/v1/tournament', tournamentBody())],
        ['patch', (a) => a.patch(`/v1/tournament/${id}`, { title: 'Hijacked' })],
        ['delete', (a) => a.delete(`/v1/tournament/${id}`)],
        ['close', (a) => a.post(`/v1/tournament/${id}/close`)],
        ['open', (a) => a.post(`/v1/tournament/${id}/open`)],
        ['start', (a) => a.post(`/v1/tournament/${id}/start`)],
        ['discord', (a) => a.delete(`/v1/tournament/${id}/discord`)],
        ['admin entries', (a) => a.get(`/v1/tournament/${id}/entries/admin`)],
        ['switcheroo entries', (a) => a.get(`/v1/tournament/${id}/entries/switcheroo`)],
        ['remove entry', (a) => a.delete(`/v1/tournament/${id}/entries/1`)],
      ];
      for (const [name, call] of calls) {
        const asGuest = await call(guest);
        expect(asGuest.status, name).toBe(401);
        expect(asGuest.body.message, name).toBe(SERVER.unauthenticated);
        const asPlayer = await call(player);
        expect(asPlayer.status, name).toBe(403);
        expect(asPlayer.body.message, name).toBe(SERVER.forbidden);
      }
      expect((await detail(id)).title).toMatch(/^Test Cup/);
    });

    it('lets an OWNER do what an ADMIN does', async () => {
      const owner = await server.agent().signIn('ClutchOwner');
      const res = await owner.post('/v1/tournament', tournamentBody({ title: 'Owner Cup' }));
      expect(res.status).toBe(201);
    });
  });

  describe('create', () => {
    it('answers the new id and stores every field, the fee in euros', async () => {
      const body = tournamentBody({ title: '  Spring Cup  ', entryFee: 12.5, featured: true, allowScoreSubmission: false });
      const res = await admin.post('/v1/tournament', body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number) });
      const t = await detail(res.body.id);
      assert(t, Tournament);
      expect(t).toMatchObject({
        title: 'Spring Cup',
        entryFee: 12.5,
        status: 'OPEN',
        featured: true,
        allowSignups: true,
        allowScoreSubmission: false,
        platforms: ['PC', 'XBOX'],
        signUpLimit: 16,
        teamLimit: 1,
        switcherooType: 'SINGLES',
        joinedUsersLength: 0,
        userJoined: false,
        userTeam: null,
      });
      const [row] = await db().select().from(tournaments).where(eq(tournaments.id, res.body.id));
      expect(row.entryFeeCents).toBe(1250);
    });

    it('applies the SWITCHEROO defaults: 16 sign-ups, SINGLES, teams of 2', async () => {
      const id = await createTournament(admin, { tournamentType: 'SWITCHEROO' });
      expect(await detail(id)).toMatchObject({ tournamentType: 'SWITCHEROO', signUpLimit: 16, switcherooType: 'SINGLES', teamLimit: 2 });
      const doubles = await createTournament(admin, { tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES', signUpLimit: 40 });
      expect(await detail(doubles)).toMatchObject({ signUpLimit: 40, switcherooType: 'DOUBLES', teamLimit: 4 });
    });

    it.each([
      ['title missing', { title: undefined }, M.title],
      ['title blank', { title: '   ' }, M.title],
      ['subtitle', { subTitle: '' }, M.subTitle],
      ['description', { description: undefined }, M.description],
      ['entry fee missing', { entryFee: undefined }, M.entryFee],
      ['entry fee not a number', { entryFee: 'ten' }, M.entryFee],
      ['start date', { startDate: undefined }, M.startDate],
      ['start time', { startTime: undefined }, M.startTime],
      ['start time malformed', { startTime: '7pm' }, M.startTime],
      ['end date', { endDate: undefined }, M.endDate],
      ['sign-ups close', { signUpClose: undefined }, M.signUpClose],
      ['type missing', { tournamentType: undefined }, M.tournamentType],
      ['type unknown', { tournamentType: 'LEAGUE' }, M.tournamentType],
      ['switcheroo type unknown', { tournamentType: 'SWITCHEROO', switcherooType: 'TRIPLES' }, M.switcherooType],
      ['switcheroo sign-up limit not offered', { tournamentType: 'SWITCHEROO', signUpLimit: 20 }, M.signUpLimit],
      ['sign-up limit not an integer', { tournamentType: 'SWITCHEROO', signUpLimit: 16.5 }, M.signUpLimit],
      ['sign-up limit sent as text', { tournamentType: 'SWITCHEROO', signUpLimit: '16' }, M.signUpLimit],
      ['team limit not offered', { teamLimit: 5 }, M.teamLimit],
      ['team limit zero', { teamLimit: 0 }, M.teamLimit],
      ['rules missing', { rules: undefined }, M.rules],
      ['rules blank', { rules: '' }, M.rules],
      ['rules not a url', { rules: 'see discord' }, M.rulesUrl],
      ['rules without a scheme', { rules: 'clutch.gg/rules' }, M.rulesUrl],
      ['prize pool info', { prizePoolInfo: undefined }, M.prizePoolInfo],
      ['host', { host: '' }, M.host],
      ['game missing', { game: undefined }, M.game],
      ['game unknown', { game: 'FORTNITE' }, M.game],
      ['platforms missing', { platforms: undefined }, M.platforms],
      ['platforms empty', { platforms: [] }, M.platforms],
      ['platform unknown', { platforms: ['AMIGA'] }, M.platforms],
      ['negative fee', { entryFee: -5 }, TOURNAMENT_ERRORS.entryFeeNegative],
      ['end before start', { endDate: Date.now() - 30 * DAY }, TOURNAMENT_ERRORS.endBeforeStart],
      ['sign-ups close long after the start', { signUpClose: Date.now() + 30 * DAY }, TOURNAMENT_ERRORS.signUpCloseTooLate],
    ])('refuses %s with the form message', async (_name, overrides, message) => {
      const before = (await db().select({ n: count() }).from(tournaments))[0].n;
      const res = await admin.post('/v1/tournament', tournamentBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await db().select({ n: count() }).from(tournaments))[0].n).toBe(before);
    });

    it('accepts every offered team limit and SWITCHEROO sign-up limit', async () => {
      for (const teamLimit of [1, 2, 3, 4]) expect((await admin.post('/v1/tournament', tournamentBody({ teamLimit }))).status).toBe(201);
      for (const signUpLimit of [16, 32, 40]) {
        expect((await admin.post('/v1/tournament', tournamentBody({ tournamentType: 'SWITCHEROO', signUpLimit }))).status).toBe(201);
      }
    });
  });

  describe('get', () => {
    it('answers 404 "Tournament not found" and 400 for a malformed id', async () => {
      const missing = await guest.get('/v1/tournament/999999');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Tournament not found');
      expect((await guest.get('/v1/tournament/abc')).status).toBe(400);
    });

    it('tells the signed-in viewer whether they joined, and their team', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const { user, agent } = await newPlayer(server);
      expect((await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, { name: 'Night Owls' })).body).toBe(true);
      const mine = await detail(id, agent);
      expect(mine.userJoined).toBe(true);
      expect(mine.userTeam).toMatchObject({ name: 'Night Owls', users: [{ id: user.id, teamRole: 'CAPTAIN' }] });
      expect(mine.joinedTeamsLength).toBe(1);
      const theirs = await detail(id, player);
      expect(theirs).toMatchObject({ userJoined: false, userTeam: null });
      expect(await detail(id, guest)).toMatchObject({ userJoined: false, userTeam: null });
    });
  });

  describe('edit (PATCH)', () => {
    it('changes the edit-form fields and ignores the create-only ones', async () => {
      const id = await createTournament(admin, { entryFee: 5 });
      const res = await admin.patch(`/v1/tournament/${id}`, {
        title: 'Renamed Cup',
        host: 'Someone Else',
        allowSignups: false,
        entryFee: 99,
        tournamentType: 'SWITCHEROO',
        teamLimit: 4,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Renamed Cup', host: 'Someone Else', allowSignups: false, entryFee: 5, tournamentType: 'TOURNAMENT', teamLimit: 1 });
    });

    it('accepts the full tournament as the SPA holds it', async () => {
      const id = await createTournament(admin);
      const full = await detail(id);
      const res = await admin.patch(`/v1/tournament/${id}`, { ...full, subTitle: 'Now with prizes' });
      expect(res.status).toBe(200);
      expect(res.body.subTitle).toBe('Now with prizes');
    });

    it.each([
      ['a blank title', { title: ' ' }, M.title],
      ['rules that are not a url', { rules: 'ask an admin' }, M.rulesUrl],
      ['no platform', { platforms: [] }, M.platforms],
      ['a SWITCHEROO limit for a TOURNAMENT that is out of range', { signUpLimit: 1 }, M.signUpLimit],
      ['an end date before the start', { endDate: Date.UTC(2001, 0, 1) }, TOURNAMENT_ERRORS.endBeforeStart],
    ])('refuses %s', async (_name, patch, message) => {
      const id = await createTournament(admin);
      const res = await admin.patch(`/v1/tournament/${id}`, patch);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses a SWITCHEROO sign-up limit that is not offered, and a limit below the entries', async () => {
      const sw = await createTournament(admin, { tournamentType: 'SWITCHEROO' });
      expect((await admin.patch(`/v1/tournament/${sw}`, { signUpLimit: 24 })).body.message).toBe(M.signUpLimit);
      const id = await createTournament(admin);
      await fill(id, 3);
      const res = await admin.patch(`/v1/tournament/${id}`, { signUpLimit: 2 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.signUpLimitBelowEntries(3));
    });

    it('answers 404 for a tournament that does not exist', async () => {
      const res = await admin.patch('/v1/tournament/999999', { title: 'Ghost' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Tournament not found');
    });

    it('saves predefined entries trimmed, without blank names', async () => {
      const id = await createTournament(admin);
      const full = await detail(id);
      const res = await admin.patch(`/v1/tournament/${id}`, {
        ...full,
        definedEntries: {
          definedUsers: [{ name: '  Ghost  ' }, { name: '   ' }, { name: 'Wraith' }],
          definedTeams: [{ name: ' Phantoms ', definedMembers: [' A ', '', 'B'] }, { name: '', definedMembers: ['C'] }],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.definedEntries).toEqual({
        definedUsers: [{ name: 'Ghost' }, { name: 'Wraith' }],
        definedTeams: [{ name: 'Phantoms', definedMembers: ['A', 'B'] }],
      });
    });

    it('refuses predefined entries once the tournament has started', async () => {
      const id = await createTournament(admin);
      await setStatus(server, id, 'ACTIVE');
      const res = await admin.patch(`/v1/tournament/${id}`, { definedEntries: { definedUsers: [{ name: 'Late' }], definedTeams: [] } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TOURNAMENT_ERRORS.definedEntriesStarted);
    });
  });

  describe('maps and modes', () => {
    it('refuses them while the tournament is OPEN', async () => {
      const id = await createTournament(admin);
      const res = await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: [{ roundName: 'Winners Final', value: 'Hardpoint' }] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ERRORS.mapsWhileOpen.title);
    });

    it('needs a value for every round, named as the engine names them for the entry count', async () => {
      const id = await createTournament(admin);
      await fill(id, 4);
      await admin.post(`/v1/tournament/${id}/close`);
      const rounds = (await detail(id)).roundNames;
      expect(rounds).toEqual(['Round 1', 'Losers Round 1', 'Winners Final', 'Losers Final', 'Grand Final', 'Grand Final 2']);
      const some = await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: [{ roundName: 'Round 1', value: 'Hardpoint' }] });
      expect(some.status).toBe(400);
      expect(some.body.message).toBe(ERRORS.mapsUndefined.message);
      const blank = await admin.patch(`/v1/tournament/${id}`, {
        mapsAndModes: rounds!.map((roundName) => ({ roundName, value: roundName === 'Grand Final' ? '' : 'Control' })),
      });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe(ERRORS.mapsUndefined.message);
      const all = await admin.patch(`/v1/tournament/${id}`, {
        mapsAndModes: [...rounds!].reverse().map((roundName) => ({ roundName, value: `${roundName} map` })),
      });
      expect(all.status).toBe(200);
      expect(all.body.mapsAndModes.map((m: { roundName: string }) => m.roundName)).toEqual(rounds);
    });

    it('refuses them once COMPLETED', async () => {
      const id = await createTournament(admin);
      await setStatus(server, id, 'COMPLETED');
      const res = await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: [{ roundName: 'Winners Final', value: 'Hardpoint' }] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Cannot edit maps and modes of a tournament that is COMPLETED');
    });
  });

  describe('lifecycle', () => {
    it('closes, reopens and refuses what the machine refuses', async () => {
      const id = await createTournament(admin);
      const closed = await admin.post(`/v1/tournament/${id}/close`);
      expect(closed.status).toBe(200);
      expect(closed.body.status).toBe('CLOSED');
      const again = await admin.post(`/v1/tournament/${id}/close`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Cannot close a tournament that is CLOSED');
      expect((await admin.post(`/v1/tournament/${id}/open`)).body.status).toBe('OPEN');
      const reopen = await admin.post(`/v1/tournament/${id}/open`);
      expect(reopen.status).toBe(409);
      expect(reopen.body.message).toBe('Cannot reopen a tournament that is OPEN');
      const start = await admin.post(`/v1/tournament/${id}/start`);
      expect(start.status).toBe(409);
      expect(start.body.message).toBe('Cannot start a tournament that is OPEN');
    });

    it('refuses to close a COMPLETED tournament and answers 404 for a missing one', async () => {
      const id = await createTournament(admin);
      await setStatus(server, id, 'COMPLETED');
      const res = await admin.post(`/v1/tournament/${id}/close`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Cannot close a tournament that is COMPLETED');
      expect((await admin.post('/v1/tournament/999999/close')).status).toBe(404);
    });

    it('starts only with maps and modes for every round, and generates the bracket', async () => {
      const id = await createTournament(admin);
      await fill(id, 4);
      await admin.post(`/v1/tournament/${id}/close`);
      const early = await admin.post(`/v1/tournament/${id}/start`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(ERRORS.mapsUndefined.title);
      expect((await detail(id)).status).toBe('CLOSED');

      const rounds = (await detail(id)).roundNames!;
      await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Search and Destroy' })) });
      const started = await admin.post(`/v1/tournament/${id}/start`);
      expect(started.status).toBe(200);
      expect(started.body.status).toBe('ACTIVE');
      const [{ n }] = await db().select({ n: count() }).from(tournamentMatches).where(eq(tournamentMatches.tournamentId, id));
      expect(n).toBe(7); // 2 × 4 − 1
      const seeded = await db().select({ seed: tournamentEntries.seed }).from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id));
      expect(seeded.map((e) => e.seed).sort()).toEqual([1, 2, 3, 4]);

      const twice = await admin.post(`/v1/tournament/${id}/start`);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('Cannot start a tournament that is ACTIVE');
      // ACTIVE: maps and modes can still be edited; close goes back to CLOSED.
      const edit = await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Hardpoint' })) });
      expect(edit.status).toBe(200);
      expect((await admin.post(`/v1/tournament/${id}/close`)).body.status).toBe('CLOSED');
    });

    it('starts the seeded CLOSED tournament once its maps and modes are set', async () => {
      const id = await seededId('Midweek Duel');
      const rounds = (await detail(id)).roundNames!;
      expect(rounds[0]).toBe('Round 1');
      expect(rounds).toContain('Grand Final 2');
      const maps = await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Hardpoint' })) });
      expect(maps.status).toBe(200);
      const res = await admin.post(`/v1/tournament/${id}/start`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ACTIVE', roundNames: rounds });
    });

    it('does not start with fewer than 2 entries and leaves nothing behind', async () => {
      const id = await createTournament(admin);
      await fill(id, 1);
      await admin.post(`/v1/tournament/${id}/close`);
      const rounds = (await detail(id)).roundNames!;
      await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Hardpoint' })) });
      const res = await admin.post(`/v1/tournament/${id}/start`);
      expect(res.status).toBe(409);
      expect((await detail(id)).status).toBe('CLOSED');
      const [{ n }] = await db().select({ n: count() }).from(tournamentMatches).where(eq(tournamentMatches.tournamentId, id));
      expect(n).toBe(0);
    });

    it('deletes a tournament with its entries, teams and logo', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const { user, agent } = await newPlayer(server);
      await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, { name: 'Doomed' });
      const upload = multipartFile(PNG);
      await admin.raw({
        method: 'POST',
        url: `/v1/tournament/${id}/logo`,
        payload: upload.payload,
        headers: { 'content-type': upload.contentType, 'x-csrf-token': await admin.csrfToken() },
      });
      const graphicUrl = (await detail(id)).graphicUrl!;
      const res = await admin.delete(`/v1/tournament/${id}`);
      expect(res.status).toBe(204);
      expect((await guest.get(`/v1/tournament/${id}`)).status).toBe(404);
      expect(await db().select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id))).toEqual([]);
      expect(await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id))).toEqual([]);
      expect((await guest.get(graphicUrl)).status).toBe(404);
      expect((await admin.delete(`/v1/tournament/${id}`)).status).toBe(404);
    });
  });

  describe('logo', () => {
    it('stores an uploaded image as the graphic and replaces the previous one', async () => {
      const id = await createTournament(admin);
      const send = async () => {
        const upload = multipartFile(PNG);
        return admin.raw({
          method: 'POST',
          url: `/v1/tournament/${id}/logo`,
          payload: upload.payload,
          headers: { 'content-type': upload.contentType, 'x-csrf-token': await admin.csrfToken() },
        });
      };
      const first = await send();
      expect(first.status).toBe(200);
      expect(first.body.graphicUrl).toMatch(/^\/v1\/images\/\d+$/);
      const image = await guest.get(first.body.graphicUrl);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const second = await send();
      expect(second.body.graphicUrl).not.toBe(first.body.graphicUrl);
      expect((await guest.get(first.body.graphicUrl)).status).toBe(404);
    });

    it('refuses something that is not an image', async () => {
      const id = await createTournament(admin);
      const upload = multipartFile(Buffer.from('hello'), 'text/plain', 'notes.txt');
      const res = await admin.raw({
        method: 'POST',
        url: `/v1/tournament/${id}/logo`,
        payload: upload.payload,
        headers: { 'content-type': upload.contentType, 'x-csrf-token': await admin.csrfToken() },
      });
      expect(res.status).toBe(400);
      expect((await detail(id)).graphicUrl).toBeNull();
    });
  });

  describe('Discord clean-up', () => {
    it('answers 409 "Discord is not configured" without a bot, and refuses before COMPLETED', async () => {
      const id = await createTournament(admin);
      const open = await admin.delete(`/v1/tournament/${id}/discord`);
      expect(open.status).toBe(409);
      expect(open.body.message).toBe('Cannot clean up Discord for a tournament that is OPEN');
      await setStatus(server, id, 'COMPLETED');
      const res = await admin.delete(`/v1/tournament/${id}/discord`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SERVER.discordNotConfigured);
    });

    describe('with a bot (loopback fake of Discord)', () => {
      let discord: DiscordFake;
      let botAdmin: Agent;
      beforeAll(async () => {
        discord = await startDiscordFake();
      });
      afterAll(() => discord.close());
      const withBot = useTestServer(() => ({
        seed: true,
        config: { discordBot: { token: discord.token, guildId: discord.guildId, apiBase: discord.url } },
      }));
      beforeAll(async () => {
        botAdmin = await withBot.signIn('AdminNova');
      });

      const channelsFor = (id: number) => [
        { id: '1', name: `t${id}-category`, type: 4 },
        { id: '2', name: `t${id}-match-1`, type: 0 },
        { id: '3', name: `t${id}-voice`, type: 2 },
        { id: '4', name: `t${id}0-other-tournament`, type: 0 },
        { id: '5', name: 'general', type: 0 },
      ];
      const rolesFor = (id: number) => [
        { id: '10', name: `T${id}-Players` },
        { id: '11', name: `t${id}-night-owls` },
        { id: '12', name: 'Moderator' },
        { id: '13', name: `t${id}0-players` },
      ];

      it('removes the channels and roles named after the tournament, and nothing else', async () => {
        const id = await createTournament(botAdmin);
        await setStatus(withBot, id, 'COMPLETED');
        discord.channels = channelsFor(id);
        discord.roles = rolesFor(id);
        discord.requests = [];
        const res = await botAdmin.delete(`/v1/tournament/${id}/discord`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ removedChannels: 3, removedRoles: 2 });
        expect(discord.channels.map((c) => c.name)).toEqual([`t${id}0-other-tournament`, 'general']);
        expect(discord.roles.map((r) => r.name)).toEqual(['Moderator', `t${id}0-players`]);
        expect(discord.requests.every((r) => r.authorized)).toBe(true);
        // The category goes after the channels inside it.
        const deletions = discord.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/api/v10/channels/'));
        expect(deletions.at(-1)!.path).toBe('/api/v10/channels/1');
        const [row] = await withBot.database.db.select().from(tournaments).where(eq(tournaments.id, id));
        expect(row.discordCleanedAt).not.toBeNull();

        const again = await botAdmin.delete(`/v1/tournament/${id}/discord`);
        expect(again.body).toEqual({ removedChannels: 0, removedRoles: 0 });
      });

      it('answers 502 when Discord fails, and deleting then keeps the tournament', async () => {
        const id = await createTournament(botAdmin);
        await setStatus(withBot, id, 'COMPLETED');
        discord.channels = channelsFor(id);
        discord.failWith = 500;
        try {
          const res = await botAdmin.delete(`/v1/tournament/${id}/discord`);
          expect(res.status).toBe(502);
          expect(res.body.message).toBe(TOURNAMENT_ERRORS.discordFailed);
          expect((await botAdmin.delete(`/v1/tournament/${id}`)).status).toBe(502);
          expect((await botAdmin.get(`/v1/tournament/${id}`)).status).toBe(200);
        } finally {
          discord.failWith = null;
        }
      });

      it('cleans Discord up when a tournament is deleted', async () => {
        const id = await createTournament(botAdmin);
        discord.channels = channelsFor(id);
        discord.roles = rolesFor(id);
        expect((await botAdmin.delete(`/v1/tournament/${id}`)).status).toBe(204);
        expect(discord.channels.map((c) => c.id)).toEqual(['4', '5']);
        expect(discord.roles.map((r) => r.id)).toEqual(['12', '13']);
      });
    });
  });

  describe('lists', () => {
    it('admin table: paged, searchable by title, newest first', async () => {
      const a = await createTournament(admin, { title: 'Zebra Searchable Cup' });
      const b = await createTournament(admin, { title: 'Zebra Searchable Open' });
      const res = await admin.get('/v1/tournament?search=zebra%20searchable&perPage=1');
      expect(res.status).toBe(200);
      assert(res.body, Paged(Tournament));
      expect(res.body).toMatchObject({ pageNo: 1, pageSize: 1, total: 2 });
      expect(res.body.results.map((t: Tournament) => t.id)).toEqual([b]);
      const page2 = await admin.get('/v1/tournament?search=zebra%20searchable&perPage=1&pageNo=2');
      expect(page2.body.results.map((t: Tournament) => t.id)).toEqual([a]);
    });

    it('upcoming: OPEN or CLOSED, not ended, soonest first, with a game filter', async () => {
      const res = await guest.get('/v1/tournament/upcoming');
      expect(res.status).toBe(200);
      assert(res.body, array(Tournament));
      const list = res.body as Tournament[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((t) => t.status === 'OPEN' || t.status === 'CLOSED')).toBe(true);
      expect(list.every((t) => t.endDate > Date.now() - DAY)).toBe(true);
      expect(list.map((t) => t.startDate)).toEqual([...list.map((t) => t.startDate)].sort((x, y) => x - y));
      const rocket = (await guest.get('/v1/tournament/upcoming?game=ROCKETLEAGUE')).body as Tournament[];
      expect(rocket.length).toBeGreaterThan(0);
      expect(rocket.every((t) => t.game === 'ROCKETLEAGUE')).toBe(true);
      const bad = await guest.get('/v1/tournament/upcoming?game=CHESS');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(TOURNAMENT_ERRORS.invalidGame);
    });

    it('upcoming leaves out a tournament whose end date has passed', async () => {
      const id = await createTournament(admin, {
        title: 'Long Gone Cup',
        startDate: Date.now() - 10 * DAY,
        endDate: Date.now() - 9 * DAY,
        signUpClose: Date.now() - 11 * DAY,
      });
      const list = (await guest.get('/v1/tournament/upcoming')).body as Tournament[];
      expect(list.some((t) => t.id === id)).toBe(false);
    });

    it('all tournaments ("active"): every tournament, 10 a page, latest start first', async () => {
      const res = await guest.get('/v1/tournament/active');
      assert(res.body, Paged(Tournament));
      const [{ n }] = await db().select({ n: count() }).from(tournaments);
      expect(res.body).toMatchObject({ pageNo: 1, pageSize: 10, total: n });
      expect(res.body.results).toHaveLength(10);
      const starts = res.body.results.map((t: Tournament) => t.startDate);
      expect(starts).toEqual([...starts].sort((x: number, y: number) => y - x));
      const last = await guest.get(`/v1/tournament/active?pageNo=${Math.ceil(n / 10)}`);
      expect(last.body.results.length).toBe(n - 10 * (Math.ceil(n / 10) - 1));
    });

    it('hall of fame: completed tournaments with a winner, latest first', async () => {
      const noWinner = await createTournament(admin, { title: 'No Winner Yet' });
      await setStatus(server, noWinner, 'COMPLETED');
      const predefined = await createTournament(admin, { title: 'Predefined Champion Cup' });
      await db().update(tournaments).set({ status: 'COMPLETED', winningEntryName: 'Ghost' }).where(eq(tournaments.id, predefined));
      const res = await guest.get('/v1/tournament/hall-of-fame');
      expect(res.status).toBe(200);
      assert(res.body, array(HallOfFameEntry));
      const rows = res.body as HallOfFameEntry[];
      expect(rows.map((r) => r.title)).toEqual(['Predefined Champion Cup', 'Halloween Switcheroo', 'Autumn Team Cup', 'October Solo Cup']);
      expect(rows[0]).toMatchObject({ winningEntryId: null, winningEntryName: 'Ghost' });
      expect(rows.every((r) => !!r.winningEntryName)).toBe(true);
      const team = rows.find((r) => r.title === 'Autumn Team Cup')!;
      const [winner] = await db().select().from(temporaryTeams).where(eq(temporaryTeams.id, team.winningEntryId!));
      expect(winner.name).toBe(team.winningEntryName);
      expect(team.teamLimit).toBe(4);
      // The seeded SWITCHEROO was won by a team its players were paired into: the hall of fame links to its page.
      const switcheroo = rows.find((r) => r.title === 'Halloween Switcheroo')!;
      const page = await guest.get(`/v1/tournament/temporary-team/${switcheroo.winningEntryId}`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ tournamentId: switcheroo.id, name: switcheroo.winningEntryName });
      expect(page.body.users).toHaveLength(4);
    });

    it("a player's past and active tournaments, solo or through a team, and the guests' version", async () => {
      const { user, agent } = await newPlayer(server);
      const solo = await createTournament(admin);
      const team = await createTournament(admin, { teamLimit: 3 });
      const done = await createTournament(admin);
      const refunded = await createTournament(admin);
      for (const id of [solo, done, refunded]) await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, {});
      await agent.post(`/v1/billing/join-tournament/${team}/${user.id}`, { name: 'Trio' });
      await setStatus(server, done, 'COMPLETED');
      await db()
        .update(tournamentEntries)
        .set({ refunded: true })
        .where(and(eq(tournamentEntries.tournamentId, refunded), eq(tournamentEntries.userId, user.id)));

      const active = (await agent.get(`/v1/tournament/user/${user.id}/active`)).body as Tournament[];
      expect(active.map((t) => t.id).sort()).toEqual([solo, team].sort());
      expect(active.every((t) => t.userJoined)).toBe(true);
      const past = (await agent.get(`/v1/tournament/user/${user.id}/past`)).body as Tournament[];
      expect(past.map((t) => t.id)).toEqual([done]);
      const pub = await guest.get(`/v1/tournament/user/${user.id}/public`);
      assert(pub.body, UserTournaments);
      expect(pub.body.past.map((t: Tournament) => t.id)).toEqual([done]);
      expect(pub.body.active.map((t: Tournament) => t.id).sort()).toEqual([solo, team].sort());
      expect(pub.body.active.every((t: Tournament) => !t.userJoined)).toBe(true);
      const missing = await guest.get('/v1/tournament/user/999999/public');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(TOURNAMENT_ERRORS.playerNotFound);
    });
  });

  describe('entries', () => {
    it('public list: names, records and members; refunded entries hidden; searchable and paged', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const captains = [await newPlayer(server), await newPlayer(server), await newPlayer(server)];
      for (const [i, c] of captains.entries()) {
        await c.agent.post(`/v1/billing/join-tournament/${id}/${c.user.id}`, { name: ['Alpha Squad', 'Bravo Squad', 'Charlie'][i] });
      }
      const [bravo] = await db().select().from(temporaryTeams).where(and(eq(temporaryTeams.tournamentId, id), eq(temporaryTeams.name, 'Bravo Squad')));
      await db().update(tournamentEntries).set({ refunded: true }).where(eq(tournamentEntries.temporaryTeamId, bravo.id));
      const res = await guest.get(`/v1/tournament/${id}/entries`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.results.map((e: { name: string }) => e.name)).toEqual(['Alpha Squad', 'Charlie']);
      expect(res.body.results[0]).toMatchObject({ wins: 0, losses: 0, userId: null, users: [{ id: captains[0].user.id, teamRole: 'CAPTAIN' }] });
      expect(res.body.results[0]).not.toHaveProperty('paid');
      const search = await guest.get(`/v1/tournament/${id}/entries?search=squad`);
      expect(search.body.results.map((e: { name: string }) => e.name)).toEqual(['Alpha Squad']);
      expect((await guest.get('/v1/tournament/999999/entries')).status).toBe(404);
    });

    it('admin list: every entry with paid and refunded, paginated or not', async () => {
      const id = await createTournament(admin);
      await fill(id, 3);
      const page = await admin.get(`/v1/tournament/${id}/entries/admin?notPaginated=false&pageNo=2&perPage=2`);
      expect(page.body).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
      expect(page.body.results).toHaveLength(1);
      const all = await admin.get(`/v1/tournament/${id}/entries/admin?notPaginated=true`);
      expect(all.body.total).toBe(3);
      expect(all.body.results).toHaveLength(3);
      expect(all.body.results[0]).toMatchObject({ discordName: expect.any(String), userId: expect.any(Number), teamId: null, paid: false, refunded: false });
      expect((await admin.get(`/v1/tournament/${id}/entries/admin?notPaginated=maybe`)).status).toBe(400);
    });

    it('SWITCHEROO pairing board: unpaired sign-ups, teams with their slots (A to D for singles), free substitute slots', async () => {
      const id = await createTournament(admin, { tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', signUpLimit: 16 });
      const players = [];
      for (let i = 0; i < 5; i++) {
        const p = await newPlayer(server);
        await p.agent.post(`/v1/billing/join-tournament/${id}/${p.user.id}`, {});
        players.push(p.user);
      }
      const [team] = await db().insert(temporaryTeams).values({ tournamentId: id, name: 'Pair A', captainId: players[0].id }).returning();
      await db().insert(temporaryTeamMembers).values([
        { teamId: team.id, userId: players[0].id, tournamentId: id, teamRole: 'CAPTAIN', slot: 1 },
      ]);
      const res = await admin.get(`/v1/tournament/${id}/entries/switcheroo`);
      expect(res.status).toBe(200);
      expect(res.body.entries.map((e: { userId: number }) => e.userId)).toEqual(players.slice(1).map((p) => p.id));
      expect(res.body.teams).toEqual([
        { id: team.id, name: 'Pair A', users: [expect.objectContaining({ id: players[0].id, teamRole: 'CAPTAIN' })], slots: [null, players[0].id, null, null] },
      ]);
      expect(res.body.freeSubstituteSlots).toBe(11);
      const notSwitcheroo = await admin.get(`/v1/tournament/${await createTournament(admin)}/entries/switcheroo`);
      expect(notSwitcheroo.status).toBe(409);
    });

    it('lists the teams and the players of a started SWITCHEROO apart (kind=teams|players)', async () => {
      const id = await createTournament(admin, { tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES', signUpLimit: 16 });
      const players = [];
      for (let i = 0; i < 2; i++) {
        const p = await newPlayer(server);
        await p.agent.post(`/v1/billing/join-tournament/${id}/${p.user.id}`, {});
        players.push(p.user);
      }
      // The pairing made a team of both, and the bracket gave the team its entry.
      const [team] = await db().insert(temporaryTeams).values({ tournamentId: id, name: 'Paired Up', captainId: players[0].id }).returning();
      await db().insert(temporaryTeamMembers).values(
        players.map((p, slot) => ({ teamId: team.id, userId: p.id, tournamentId: id, teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const), slot })),
      );
      await db().insert(tournamentEntries).values({ tournamentId: id, temporaryTeamId: team.id, wins: 1 });
      await setStatus(server, id, 'ACTIVE');

      const names = (res: { body: { results: { name?: string; discordName?: string }[] } }) => res.body.results.map((e) => e.name ?? e.discordName);
      const teams = await guest.get(`/v1/tournament/${id}/entries?kind=teams`);
      expect(teams.body.total).toBe(1);
      expect(names(teams)).toEqual(['Paired Up']);
      const signUps = await guest.get(`/v1/tournament/${id}/entries?kind=players`);
      expect(names(signUps)).toEqual(players.map((p) => p.discordName));
      expect(names(await guest.get(`/v1/tournament/${id}/entries`))).toHaveLength(3);
      expect(names(await admin.get(`/v1/tournament/${id}/entries/admin?kind=teams&notPaginated=true`))).toEqual(['Paired Up']);
      const bad = await guest.get(`/v1/tournament/${id}/entries?kind=everyone`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('"kind" must be one of players, teams');
    });

    it('removes a team entry with its team, and a player entry; not once ACTIVE', async () => {
      const id = await createTournament(admin, { teamLimit: 2 });
      const { user, agent } = await newPlayer(server);
      await agent.post(`/v1/billing/join-tournament/${id}/${user.id}`, { name: 'Leaving Soon' });
      const [entry] = await db().select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id));
      expect((await admin.delete(`/v1/tournament/${id}/entries/${entry.id}`)).status).toBe(204);
      expect(await db().select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, id))).toEqual([]);
      expect(await db().select().from(temporaryTeamMembers).where(eq(temporaryTeamMembers.tournamentId, id))).toEqual([]);
      expect((await detail(id, agent)).userJoined).toBe(false);
      const gone = await admin.delete(`/v1/tournament/${id}/entries/${entry.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(TOURNAMENT_ERRORS.entryNotFound);

      const solo = await createTournament(admin);
      await fill(solo, 1);
      const [soloEntry] = await db().select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, solo));
      // An entry of another tournament is not found through this one.
      expect((await admin.delete(`/v1/tournament/${id}/entries/${soloEntry.id}`)).status).toBe(404);
      await setStatus(server, solo, 'ACTIVE');
      const started = await admin.delete(`/v1/tournament/${solo}/entries/${soloEntry.id}`);
      expect(started.status).toBe(409);
      expect(started.body.message).toBe(TOURNAMENT_ERRORS.removeEntryStarted);
      await setStatus(server, solo, 'CLOSED');
      expect((await admin.delete(`/v1/tournament/${solo}/entries/${soloEntry.id}`)).status).toBe(204);
      expect((await detail(solo)).joinedUsersLength).toBe(0);
    });

    it('the seeded ACTIVE and COMPLETED tournaments list their entries publicly', async () => {
      const id = await seededId('October Solo Cup');
      const res = await guest.get(`/v1/tournament/${id}/entries?perPage=10`);
      expect(res.body).toMatchObject({ total: 16, pageSize: 10 });
      expect(res.body.results).toHaveLength(10);
      const all = await guest.get(`/v1/tournament/${id}/entries?notPaginated=true`);
      expect(all.body.results).toHaveLength(16);
    });
  });
});
