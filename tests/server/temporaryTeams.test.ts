import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { Fixtures, TINY_PNG, upload } from './temporaryTeams.fixtures';
import { TEMPORARY_TEAM, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;

const server = useTestServer();
let fx: Fixtures;
beforeAll(async () => {
  fx = new Fixtures(server);
});

/** A 4-player team tournament with a captain, one player, an outsider and an admin, all signed in. */
async function scene(values: Parameters<Fixtures['tournament']>[0] = {}) {
  const tournament = await fx.tournament(values);
  const [captainUser, playerUser, outsiderUser] = await fx.users(3);
  const adminUser = await fx.user({ role: 'ADMIN' });
  const team = await fx.team(tournament, captainUser, [playerUser]);
  return {
    tournament,
    team,
    captainUser,
    playerUser,
    outsiderUser,
    adminUser,
    captain: await fx.as(captainUser),
    player: await fx.as(playerUser),
    outsider: await fx.as(outsiderUser),
    admin: await fx.as(adminUser),
    guest: server.agent(),
  };
}

describe('GET /v1/tournament/temporary-team/{id}', () => {
  it('shows anyone the team page: captain first with ranks, record, substitutes and the tournament', async () => {
    const tournament = await fx.tournament({ title: 'Page Cup', teamLimit: 3 });
    const captain = await fx.user({ katanaRank: 1500 });
    const player = await fx.user({ katanaRank: 1200 });
    const team = await fx.team(tournament, captain, [player], { wins: 2, losses: 1, freeSubstitutes: ['Sub One'] });

    const res = await server.agent().get(T(team.id));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: team.id,
      tournamentId: tournament.id,
      name: team.name,
      logoUrl: null,
      captainId: captain.id,
      wins: 2,
      losses: 1,
      freeSubstitutes: ['Sub One'],
      locked: false,
      teamSize: 3,
      tournament: { id: tournament.id, title: 'Page Cup', status: 'OPEN', tournamentType: 'TOURNAMENT', switcherooType: 'SINGLES' },
    });
    expect(res.body.users).toEqual([
      { id: captain.id, discordName: captain.discordName, picture: null, teamRole: 'CAPTAIN', katanaRank: 1500 },
      { id: player.id, discordName: player.discordName, picture: null, teamRole: 'PLAYER', katanaRank: 1200 },
    ]);
  });

  it('gives SWITCHEROO teams their format size: 2 for singles, 4 for doubles', async () => {
    const [a, b] = await fx.users(2);
    const singles = await fx.team(await fx.tournament({ tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES' }), a);
    const doubles = await fx.team(await fx.tournament({ tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES' }), b);
    expect((await server.agent().get(T(singles.id))).body.teamSize).toBe(2);
    expect((await server.agent().get(T(doubles.id))).body.teamSize).toBe(4);
  });

  it('answers 404 for an unknown team and 400 for an id that is not a number', async () => {
    expect((await server.agent().get(T(999_999))).status).toBe(404);
    const bad = await server.agent().get('/v1/tournament/temporary-team/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/positive integer/);
  });
});

describe('GET …/{id}/members', () => {
  it('lists members (captain first) then pending invites, for members and staff only', async () => {
    const s = await scene();
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);

    const res = await s.player.get(`${T(s.team.id)}/members`);

    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => [r.id, r.type, r.teamRole])).toEqual([
      [s.captainUser.id, 'MEMBER', 'CAPTAIN'],
      [s.playerUser.id, 'MEMBER', 'PLAYER'],
      [s.outsiderUser.id, 'INVITE', null],
    ]);
    expect(res.body.every((r: any) => r.isRemoving === false && r.rejectedReason === null)).toBe(true);
    expect((await s.admin.get(`${T(s.team.id)}/members`)).status).toBe(200);
    expect((await s.outsider.get(`${T(s.team.id)}/members`)).status).toBe(403);
    expect((await s.guest.get(`${T(s.team.id)}/members`)).status).toBe(401);
  });
});

describe('PATCH …/{id} and …/{id}/admin (name)', () => {
  it('lets the captain rename the team (trimmed) and answers the team', async () => {
    const s = await scene();
    const res = await s.captain.patch(T(s.team.id), { name: '  Night Owls  ' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Night Owls');
    expect((await s.guest.get(T(s.team.id))).body.name).toBe('Night Owls');
  });

  it('refuses guests (401), other members (403) and plain users on the admin path (403)', async () => {
    const s = await scene();
    expect((await s.guest.patch(T(s.team.id), { name: 'X' })).status).toBe(401);
    const member = await s.player.patch(T(s.team.id), { name: 'X' });
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(TEMPORARY_TEAM.notCaptain);
    expect((await s.captain.patch(`${T(s.team.id)}/admin`, { name: 'X' })).status).toBe(403);
    expect((await s.guest.get(T(s.team.id))).body.name).toBe(s.team.name);
  });

  it('asks for a new name when it is blank or missing, and refuses one over 40 characters', async () => {
    const s = await scene();
    for (const body of [{ name: '   ' }, { name: '' }, {}]) {
      const res = await s.captain.patch(T(s.team.id), body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.newTeamName);
    }
    const long = await s.captain.patch(T(s.team.id), { name: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(TOURNAMENT_ERRORS.teamNameTooLong);
  });

  it('refuses a name another team of the tournament already has (any case), but keeps its own', async () => {
    const s = await scene();
    await fx.team(s.tournament, await fx.user(), [], { name: 'Red Comets' });
    const taken = await s.captain.patch(T(s.team.id), { name: 'red comets' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(TOURNAMENT_ERRORS.teamNameTaken);
    expect((await s.captain.patch(T(s.team.id), { name: s.team.name.toUpperCase() })).status).toBe(200);
  });

  it('allows the captain only while the tournament is OPEN; staff may still rename afterwards', async () => {
    const s = await scene();
    await fx.setStatus(s.tournament, 'ACTIVE');
    const captain = await s.captain.patch(T(s.team.id), { name: 'Too Late' });
    expect(captain.status).toBe(409);
    expect(captain.body.message).toBe(TEMPORARY_TEAM.notOpen);
    const admin = await s.admin.patch(`${T(s.team.id)}/admin`, { name: 'Renamed By Staff' });
    expect(admin.status).toBe(200);
    expect(admin.body.name).toBe('Renamed By Staff');
  });

  it('answers 404 for an unknown team', async () => {
    const s = await scene();
    expect((await s.admin.patch(`${T(999_999)}/admin`, { name: 'X' })).status).toBe(404);
  });
});

describe('free substitutes', () => {
  it('asks for a name for every substitute', async () => {
    const s = await scene();
    const res = await s.captain.patch(T(s.team.id), { freeSubstitutes: ['Ghost', '  '] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VALIDATION.substituteName);
  });

  it('refuses duplicates and, in team tournaments, more names than a team holds', async () => {
    const s = await scene();
    const dup = await s.captain.patch(T(s.team.id), { freeSubstitutes: ['Ghost', 'ghost'] });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(TEMPORARY_TEAM.duplicateSubstitute);
    const many = await s.captain.patch(T(s.team.id), { freeSubstitutes: ['A', 'B', 'C', 'D', 'E'] });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(TEMPORARY_TEAM.tooManySubstitutes(4));
    const ok = await s.captain.patch(T(s.team.id), { freeSubstitutes: ['A', ' B '] });
    expect(ok.status).toBe(200);
    expect(ok.body.freeSubstitutes).toEqual(['A', 'B']);
  });

  it('shares signUpLimit − entries slots between the teams of a SWITCHEROO', async () => {
    const tournament = await fx.tournament({ tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', signUpLimit: 6, status: 'CLOSED' });
    const players = await fx.users(4);
    for (const p of players) await fx.signUp(tournament, p);
    const teamA = await fx.team(tournament, players[0]);
    const teamB = await fx.team(tournament, players[2]);
    const admin = await fx.as(await fx.user({ role: 'OWNER' }));

    expect((await admin.patch(`${T(teamA.id)}/admin`, { freeSubstitutes: ['Sub 1'] })).status).toBe(200);
    const over = await admin.patch(`${T(teamB.id)}/admin`, { freeSubstitutes: ['Sub 2', 'Sub 3'] });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TEMPORARY_TEAM.noSubstituteSlots(1));
    const fits = await admin.patch(`${T(teamB.id)}/admin`, { freeSubstitutes: ['Sub 2'] });
    expect(fits.status).toBe(200);
    expect(fits.body.freeSubstitutes).toEqual(['Sub 2']);
    // Replacing a team's own list does not count its old names twice.
    expect((await admin.patch(`${T(teamA.id)}/admin`, { freeSubstitutes: ['Sub 4'] })).status).toBe(200);
  });
});

describe('invites', () => {
  it('runs invite → listed on the invites page with its tournament → accept → member', async () => {
    const s = await scene({ title: 'Invite Cup' });

    const sent = await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: s.outsiderUser.id, discordName: s.outsiderUser.discordName, type: 'INVITE' });

    const invites = await s.outsider.get('/v1/transfer/user');
    expect(invites.body).toEqual([
      {
        id: expect.any(Number),
        teamId: s.team.id,
        teamName: s.team.name,
        teamLogoUrl: null,
        tournamentId: s.tournament.id,
        tournamentTitle: 'Invite Cup',
        isTransfer: false,
      },
    ]);

    const accepted = await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.users.map((u: any) => [u.id, u.teamRole])).toEqual([
      [s.captainUser.id, 'CAPTAIN'],
      [s.playerUser.id, 'PLAYER'],
      [s.outsiderUser.id, 'PLAYER'],
    ]);
    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
    const rows = (await s.captain.get(`${T(s.team.id)}/members`)).body;
    expect(rows.filter((r: any) => r.type === 'INVITE')).toEqual([]);
    // As a member, the new player may now open the management rows.
    expect((await s.outsider.get(`${T(s.team.id)}/members`)).status).toBe(200);
  });

  it('lets the invitee reject: the invite leaves the list and can no longer be accepted', async () => {
    const s = await scene();
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    const rejected = await s.outsider.patch(`${T(s.team.id)}/members/invites/reject`);
    expect(rejected.status).toBe(204);
    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
    const accept = await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`);
    expect(accept.status).toBe(404);
    expect(accept.body.message).toBe(TEMPORARY_TEAM.noInviteForYou);
    // A rejected player may be invited again.
    expect((await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`)).status).toBe(200);
  });

  it('lets the captain revoke an invite; only the captain, and only a pending one', async () => {
    const s = await scene();
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    expect((await s.player.patch(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}/cancel`)).status).toBe(403);

    const revoked = await s.captain.patch(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}/cancel`);
    expect(revoked.status).toBe(204);
    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
    expect((await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`)).status).toBe(404);
    const again = await s.captain.patch(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}/cancel`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(TEMPORARY_TEAM.noInvite(s.outsiderUser.discordName));
  });

  it('refuses guests, other members, unknown and banned users, members and repeated invites', async () => {
    const s = await scene();
    const url = (id: number) => `${T(s.team.id)}/members/invites/${id}`;
    expect((await s.guest.post(url(s.outsiderUser.id))).status).toBe(401);
    expect((await s.player.post(url(s.outsiderUser.id))).status).toBe(403);
    expect((await s.admin.post(url(s.outsiderUser.id))).status).toBe(403);
    const unknown = await s.captain.post(url(999_999));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEMPORARY_TEAM.userNotFound);
    const banned = await fx.user({ banned: true });
    const bannedRes = await s.captain.post(url(banned.id));
    expect(bannedRes.status).toBe(409);
    expect(bannedRes.body.message).toBe(TEMPORARY_TEAM.banned(banned.discordName));
    const member = await s.captain.post(url(s.playerUser.id));
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(TEMPORARY_TEAM.alreadyMember(s.playerUser.discordName));
    expect((await s.captain.post(url(s.outsiderUser.id))).status).toBe(200);
    const twice = await s.captain.post(url(s.outsiderUser.id));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(TEMPORARY_TEAM.alreadyInvited(s.outsiderUser.discordName));
  });

  it('refuses a player who is already in another team of the same tournament', async () => {
    const s = await scene();
    const otherCaptain = await fx.user();
    const otherPlayer = await fx.user();
    await fx.team(s.tournament, otherCaptain, [otherPlayer]);
    const res = await s.captain.post(`${T(s.team.id)}/members/invites/${otherPlayer.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TEMPORARY_TEAM.inAnotherTeam(otherPlayer.discordName));
  });

  it('refuses inviting into a full team, and accepting once the team has filled up', async () => {
    const s = await scene({ teamLimit: 3 });
    const [late, third] = await fx.users(2);
    expect((await s.captain.post(`${T(s.team.id)}/members/invites/${late.id}`)).status).toBe(200);
    expect((await s.admin.post(`${T(s.team.id)}/admin/members/${third.id}`)).status).toBe(200);

    const full = await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(TEMPORARY_TEAM.full(3));
    const accept = await (await fx.as(late)).patch(`${T(s.team.id)}/members/invites/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(TEMPORARY_TEAM.full(3));
  });

  it('only works while the tournament is OPEN: invites and accepts are refused afterwards', async () => {
    const s = await scene();
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    await fx.setStatus(s.tournament, 'CLOSED');
    const invite = await s.captain.post(`${T(s.team.id)}/members/invites/${(await fx.user()).id}`);
    expect(invite.status).toBe(409);
    expect(invite.body.message).toBe(TEMPORARY_TEAM.notOpen);
    expect((await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`)).status).toBe(409);
    expect((await s.captain.patch(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}/cancel`)).status).toBe(409);
    // The stale invite is no longer offered on the invites page.
    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
  });

  it('cancels the other invites of the same tournament when one is accepted', async () => {
    const s = await scene();
    const rivalCaptain = await fx.user();
    const rival = await fx.team(s.tournament, rivalCaptain);
    const rivalAgent = await fx.as(rivalCaptain);
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    await rivalAgent.post(`${T(rival.id)}/members/invites/${s.outsiderUser.id}`);
    expect((await s.outsider.get('/v1/transfer/user')).body).toHaveLength(2);

    expect((await s.outsider.patch(`${T(rival.id)}/members/invites/accept`)).status).toBe(200);

    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
    const late = await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`);
    expect(late.status).toBe(404);
  });

  it('in a SWITCHEROO, only invites players who signed up', async () => {
    const tournament = await fx.tournament({ tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES' });
    const [captainUser, signedUp, notSignedUp] = await fx.users(3);
    await fx.signUp(tournament, captainUser);
    await fx.signUp(tournament, signedUp);
    const team = await fx.team(tournament, captainUser);
    const captain = await fx.as(captainUser);
    const refused = await captain.post(`${T(team.id)}/members/invites/${notSignedUp.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEMPORARY_TEAM.notSignedUp(notSignedUp.discordName));
    expect((await captain.post(`${T(team.id)}/members/invites/${signedUp.id}`)).status).toBe(200);
  });

  it('needs the CSRF header like every change', async () => {
    const s = await scene();
    const res = await s.captain.raw({ method: 'POST', url: `${T(s.team.id)}/members/invites/${s.outsiderUser.id}` });
    expect(res.status).toBe(419);
  });
});

describe('admin force add and remove', () => {
  it('lets staff add a player without an invite, until the tournament starts', async () => {
    const s = await scene();
    const res = await s.admin.post(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.outsiderUser.id, type: 'MEMBER', teamRole: 'PLAYER' });
    expect((await s.guest.get(T(s.team.id))).body.users).toHaveLength(3);

    await fx.setStatus(s.tournament, 'CLOSED');
    expect((await s.admin.post(`${T(s.team.id)}/admin/members/${(await fx.user()).id}`)).status).toBe(200);
    await fx.setStatus(s.tournament, 'ACTIVE');
    const active = await s.admin.post(`${T(s.team.id)}/admin/members/${(await fx.user()).id}`);
    expect(active.status).toBe(409);
    expect(active.body.message).toBe(TEMPORARY_TEAM.notBeforeStart);
  });

  it('refuses plain users (captain included) and applies the capacity and one-team rules', async () => {
    const s = await scene({ teamLimit: 2 });
    expect((await s.captain.post(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`)).status).toBe(403);
    expect((await s.guest.post(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`)).status).toBe(401);
    const full = await s.admin.post(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(TEMPORARY_TEAM.full(2));

    const other = await fx.team(s.tournament, await fx.user());
    const taken = await s.admin.post(`${T(other.id)}/admin/members/${s.playerUser.id}`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(TEMPORARY_TEAM.inAnotherTeam(s.playerUser.discordName));
  });

  it('lets staff remove any member; removing the captain promotes the longest-standing member', async () => {
    const s = await scene();
    const newer = await fx.user();
    await s.admin.post(`${T(s.team.id)}/admin/members/${newer.id}`);
    expect((await s.player.delete(`${T(s.team.id)}/admin/members/${newer.id}`)).status).toBe(403);

    expect((await s.admin.delete(`${T(s.team.id)}/admin/members/${s.captainUser.id}`)).status).toBe(204);

    const team = (await s.guest.get(T(s.team.id))).body;
    expect(team.captainId).toBe(s.playerUser.id);
    expect(team.users.map((u: any) => [u.id, u.teamRole])).toEqual([
      [s.playerUser.id, 'CAPTAIN'],
      [newer.id, 'PLAYER'],
    ]);
    const notMember = await s.admin.delete(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`);
    expect(notMember.status).toBe(404);
  });
});

describe('captain removes a member', () => {
  it('removes a member; the captain cannot remove themselves', async () => {
    const s = await scene();
    const self = await s.captain.delete(`${T(s.team.id)}/members/${s.captainUser.id}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(TEMPORARY_TEAM.captainRemovesSelf);
    expect((await s.player.delete(`${T(s.team.id)}/members/${s.captainUser.id}`)).status).toBe(403);
    expect((await s.guest.delete(`${T(s.team.id)}/members/${s.playerUser.id}`)).status).toBe(401);

    expect((await s.captain.delete(`${T(s.team.id)}/members/${s.playerUser.id}`)).status).toBe(204);

    expect((await s.guest.get(T(s.team.id))).body.users.map((u: any) => u.id)).toEqual([s.captainUser.id]);
    const gone = await s.captain.delete(`${T(s.team.id)}/members/${s.playerUser.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(TEMPORARY_TEAM.notAMember(s.playerUser.discordName));
  });

  it('is refused once the tournament is no longer OPEN', async () => {
    const s = await scene();
    await fx.setStatus(s.tournament, 'CLOSED');
    expect((await s.captain.delete(`${T(s.team.id)}/members/${s.playerUser.id}`)).status).toBe(409);
    expect((await s.guest.get(T(s.team.id))).body.users).toHaveLength(2);
  });
});

describe('assign captain', () => {
  const roles = async (teamId: number) => {
    const team = (await server.agent().get(T(teamId))).body;
    return { captainId: team.captainId, roles: Object.fromEntries(team.users.map((u: any) => [u.id, u.teamRole])) };
  };

  it('lets the captain hand the team to a member, who then manages it; the old captain stays as a PLAYER', async () => {
    const s = await scene();
    expect((await s.captain.patch(`${T(s.team.id)}/members/${s.playerUser.id}`, {})).status).toBe(204);
    expect(await roles(s.team.id)).toEqual({
      captainId: s.playerUser.id,
      roles: { [s.playerUser.id]: 'CAPTAIN', [s.captainUser.id]: 'PLAYER' },
    });
    // The new captain manages the team; the old one no longer does.
    expect((await s.captain.patch(T(s.team.id), { name: 'Not Yours' })).status).toBe(403);
    expect((await s.player.patch(T(s.team.id), { name: 'Handed Over' })).status).toBe(200);
  });

  it('refuses naming the captain again (nobody re-assigns themselves), outsiders, non-captains and guests', async () => {
    const s = await scene();
    const self = await s.captain.patch(`${T(s.team.id)}/members/${s.captainUser.id}`, {});
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(TEMPORARY_TEAM.alreadyCaptain(s.captainUser.discordName));
    const outsider = await s.captain.patch(`${T(s.team.id)}/members/${s.outsiderUser.id}`, {});
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe(TEMPORARY_TEAM.notAMember(s.outsiderUser.discordName));
    expect((await s.player.patch(`${T(s.team.id)}/members/${s.playerUser.id}`, {})).status).toBe(403);
    expect((await s.guest.patch(`${T(s.team.id)}/members/${s.playerUser.id}`, {})).status).toBe(401);
    expect((await s.captain.patch(`${T(s.team.id)}/admin/members/${s.playerUser.id}`, {})).status).toBe(403);
    expect((await s.captain.patch(`${T(999999)}/members/${s.playerUser.id}`, {})).status).toBe(404);
    expect((await roles(s.team.id)).captainId).toBe(s.captainUser.id);
  });

  it('is the captain’s while OPEN; staff may still do it until the tournament starts', async () => {
    const s = await scene();
    await fx.setStatus(s.tournament, 'CLOSED');
    const late = await s.captain.patch(`${T(s.team.id)}/members/${s.playerUser.id}`, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(TEMPORARY_TEAM.notOpen);
    expect((await s.admin.patch(`${T(s.team.id)}/admin/members/${s.playerUser.id}`, {})).status).toBe(204);
    expect((await roles(s.team.id)).captainId).toBe(s.playerUser.id);
    await fx.setStatus(s.tournament, 'ACTIVE');
    const started = await s.admin.patch(`${T(s.team.id)}/admin/members/${s.captainUser.id}`, {});
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(TEMPORARY_TEAM.notBeforeStart);
  });
});

describe('leave', () => {
  it('lets a player leave while OPEN; outsiders are not members', async () => {
    const s = await scene();
    expect((await s.outsider.delete(`${T(s.team.id)}/members`)).status).toBe(403);
    const left = await s.player.delete(`${T(s.team.id)}/members`);
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ locked: false });
    expect((await s.guest.get(T(s.team.id))).body.users.map((u: any) => u.id)).toEqual([s.captainUser.id]);
  });

  it('is refused once the tournament is no longer OPEN', async () => {
    const s = await scene();
    await fx.setStatus(s.tournament, 'ACTIVE');
    const res = await s.player.delete(`${T(s.team.id)}/members`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TEMPORARY_TEAM.notOpen);
  });

  it('hands the captaincy to the longest-standing member when the captain leaves', async () => {
    const s = await scene();
    const newer = await fx.user();
    await s.admin.post(`${T(s.team.id)}/admin/members/${newer.id}`);
    expect((await s.captain.delete(`${T(s.team.id)}/members`)).body).toEqual({ locked: false });
    const team = (await s.guest.get(T(s.team.id))).body;
    expect(team.captainId).toBe(s.playerUser.id);
    expect(team.users[0]).toMatchObject({ id: s.playerUser.id, teamRole: 'CAPTAIN' });
    // The new captain can manage the team.
    expect((await s.player.patch(T(s.team.id), { name: 'New Era' })).status).toBe(200);
  });

  it('locks the team for good when the last member leaves: entry withdrawn, invites cancelled, every change 409', async () => {
    const s = await scene();
    await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`);
    expect((await s.player.delete(`${T(s.team.id)}/members`)).body).toEqual({ locked: false });

    const last = await s.captain.delete(`${T(s.team.id)}/members`);

    expect(last.body).toEqual({ locked: true });
    const page = (await s.guest.get(T(s.team.id))).body;
    expect(page).toMatchObject({ locked: true, users: [], captainId: null });
    expect((await fx.entriesOf(s.tournament)).filter((e) => e.temporaryTeamId === s.team.id)).toEqual([]);
    expect((await s.outsider.get('/v1/transfer/user')).body).toEqual([]);
    const attempts = [
      await s.outsider.patch(`${T(s.team.id)}/members/invites/accept`),
      await s.captain.patch(T(s.team.id), { name: 'Back Again' }),
      await s.captain.post(`${T(s.team.id)}/members/invites/${s.outsiderUser.id}`),
      await s.captain.delete(`${T(s.team.id)}/members`),
      await s.admin.post(`${T(s.team.id)}/admin/members/${s.outsiderUser.id}`),
      await s.admin.patch(`${T(s.team.id)}/admin`, { name: 'Revived' }),
      await s.captain.delete(T(s.team.id)),
      await s.admin.delete(`${T(s.team.id)}/logo`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(TEMPORARY_TEAM.locked);
    }
  });
});

describe('logo', () => {
  it('lets the captain upload a logo (multipart) and remove it', async () => {
    const s = await scene();
    const up = await upload(s.captain, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png');
    expect(up.status).toBe(200);
    expect(up.body.logoUrl).toMatch(/^\/v1\/images\/\d+$/);
    const image = await s.guest.get(up.body.logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await s.guest.get(T(s.team.id))).body.logoUrl).toBe(up.body.logoUrl);

    expect((await s.captain.delete(`${T(s.team.id)}/logo`)).status).toBe(204);
    expect((await s.guest.get(T(s.team.id))).body.logoUrl).toBeNull();
    expect((await s.guest.get(up.body.logoUrl)).status).toBe(404);
  });

  it('replacing a logo deletes the old image', async () => {
    const s = await scene();
    const first = (await upload(s.captain, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).body.logoUrl;
    const second = (await upload(s.captain, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).body.logoUrl;
    expect(second).not.toBe(first);
    expect((await s.guest.get(first)).status).toBe(404);
    expect((await s.guest.get(second)).status).toBe(200);
  });

  it('refuses uploads from other members and staff, and files that are not images', async () => {
    const s = await scene();
    expect((await upload(s.player, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).status).toBe(403);
    expect((await upload(s.admin, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).status).toBe(403);
    expect((await upload(s.guest, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).status).toBe(401);
    const text = await upload(s.captain, `${T(s.team.id)}/logo`, Buffer.from('hello'), 'text/plain');
    expect(text.status).toBe(400);
    const notMultipart = await s.captain.post(`${T(s.team.id)}/logo`, { file: 'x' });
    expect(notMultipart.status).toBe(400);
    expect((await s.guest.get(T(s.team.id))).body.logoUrl).toBeNull();
  });

  it('lets staff remove a logo (even after the start) but not other members; a shared image survives', async () => {
    const s = await scene();
    const permanentLogo = (await upload(s.captain, `${T(s.team.id)}/logo`, TINY_PNG, 'image/png')).body.logoUrl;
    // A second team shows the same image (as a temporary team copied from a permanent team does).
    const twin = await fx.team(s.tournament, await fx.user(), [], { logoUrl: permanentLogo });
    expect((await s.player.delete(`${T(s.team.id)}/logo`)).status).toBe(403);
    await fx.setStatus(s.tournament, 'ACTIVE');
    expect((await s.captain.delete(`${T(s.team.id)}/logo`)).status).toBe(409);

    expect((await s.admin.delete(`${T(s.team.id)}/logo`)).status).toBe(204);

    expect((await s.guest.get(T(s.team.id))).body.logoUrl).toBeNull();
    expect((await s.guest.get(T(twin.id))).body.logoUrl).toBe(permanentLogo);
    expect((await s.guest.get(permanentLogo)).status).toBe(200);
  });
});

describe('disband', () => {
  it('lets the captain disband: the team and its entry are gone', async () => {
    const s = await scene();
    expect((await s.player.delete(T(s.team.id))).status).toBe(403);
    expect((await s.guest.delete(T(s.team.id))).status).toBe(401);

    expect((await s.captain.delete(T(s.team.id))).status).toBe(204);

    expect((await s.guest.get(T(s.team.id))).status).toBe(404);
    expect(await fx.entriesOf(s.tournament)).toEqual([]);
  });

  it('lets staff disband, only while OPEN', async () => {
    const s = await scene();
    await fx.setStatus(s.tournament, 'CLOSED');
    const closedCaptain = await s.captain.delete(T(s.team.id));
    expect(closedCaptain.status).toBe(409);
    const closedAdmin = await s.admin.delete(T(s.team.id));
    expect(closedAdmin.status).toBe(409);
    expect(closedAdmin.body.message).toBe(TEMPORARY_TEAM.notOpen);
    await fx.setStatus(s.tournament, 'OPEN');
    expect((await s.admin.delete(T(s.team.id))).status).toBe(204);
    expect((await s.guest.get(T(s.team.id))).status).toBe(404);
  });
});
