import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { newTeam } from './seasons.fixtures';
import { Fixtures } from './temporaryTeams.fixtures';
import { teamInvites, temporaryTeamInvites } from '../../server/db/schema';

/** GET /v1/user/invitee-search: the team dialogs' player search. */
describe('invitee search', () => {
  const server = useTestServer();
  beforeAll(async () => {
    for (const name of ['Zorro', 'Zorrolina', 'OldZorro', 'Elsewhere']) await insertUser(server.db, { discordName: name });
    await insertUser(server.db, { discordName: 'ZorroBanned', banned: true });
    await insertUser(server.db, { discordName: 'ZorroSearcher' });
  }, 60_000);

  it('answers matching players who are not banned, exact and prefix matches first, without the searcher', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    const res = await a.get('/v1/user/invitee-search?search=zorro');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { discordName: string }) => u.discordName)).toEqual(['Zorro', 'Zorrolina', 'OldZorro']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['discordName', 'id', 'picture']);
  });

  it('treats LIKE wildcards as text', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    expect((await a.get('/v1/user/invitee-search?search=%25')).body).toEqual([]);
  });

  it('needs a search term and a signed-in user', async () => {
    const a = await server.agent().signIn('ZorroSearcher');
    expect(await a.get('/v1/user/invitee-search?search=%20%20')).toMatchObject({ status: 400, body: { message: 'Please search for a user' } });
    expect((await a.get('/v1/user/invitee-search')).status).toBe(400);
    expect((await server.agent().get('/v1/user/invitee-search?search=zorro')).status).toBe(401);
  });
  const names = (res: { body: { discordName: string }[] }) => res.body.map((u) => u.discordName).sort();

  it('lists for a league team only players its invite would take: none on a team, none invited already (teamId)', async () => {
    const { team, agent: captain } = await newTeam(server, { players: 1 });
    const other = await newTeam(server, { players: 1 });
    const free = await insertUser(server.db, { discordName: 'QuillFree' });
    const invited = await insertUser(server.db, { discordName: 'QuillInvited' });
    await insertUser(server.db, { discordName: 'QuillTaken', teamId: other.team.id, teamRole: 'PLAYER' });
    await server.db.insert(teamInvites).values({ teamId: team.id, userId: invited.id });

    expect(names(await captain.get('/v1/user/invitee-search?search=quill'))).toEqual(['QuillFree', 'QuillInvited', 'QuillTaken']);
    const res = await captain.get(`/v1/user/invitee-search?search=quill&teamId=${team.id}`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([free.discordName]);
    // Staff searching for the admin dialog get the same list; anyone else may not ask for a team's list.
    // Staff searching for Force Add (which takes an invited player) get the invited ones too.
    const staff = await insertUser(server.db, { discordName: 'StaffOfQuills', role: 'ADMIN' });
    expect(names(await (await server.agent().signIn(staff.discordName)).get(`/v1/user/invitee-search?search=quill&teamId=${team.id}`))).toEqual([
      free.discordName,
      invited.discordName,
    ]);
    expect((await other.agent.get(`/v1/user/invitee-search?search=quill&teamId=${team.id}`)).status).toBe(403);
    expect((await captain.get('/v1/user/invitee-search?search=quill&teamId=999999')).status).toBe(404);
    expect((await captain.get('/v1/user/invitee-search?search=quill&teamId=abc')).status).toBe(400);
    expect((await captain.get(`/v1/user/invitee-search?search=quill&teamId=${team.id}&temporaryTeamId=1`)).status).toBe(400);
  });

  it('lists for a tournament team only players its invite would take: in no team of the tournament, not invited, signed up for a SWITCHEROO (temporaryTeamId)', async () => {
    const f = new Fixtures(server);
    const cup = await f.tournament();
    const [captain, mate, rival, invited, free] = await Promise.all(['Wren1', 'Wren2', 'Wren3', 'Wren4', 'Wren5'].map((name) => f.user({ name })));
    const team = await f.team(cup, captain, [mate]);
    await f.team(cup, rival);
    await server.db.insert(temporaryTeamInvites).values({ teamId: team.id, userId: invited.id });
    const asCaptain = await f.as(captain);
    expect(names(await asCaptain.get(`/v1/user/invitee-search?search=wren&temporaryTeamId=${team.id}`))).toEqual([free.discordName]);
    expect((await (await f.as(rival)).get(`/v1/user/invitee-search?search=wren&temporaryTeamId=${team.id}`)).status).toBe(403);

    const swap = await f.tournament({ tournamentType: 'SWITCHEROO', teamLimit: 2 });
    const [lead, signedUp, notSignedUp] = await Promise.all(['Lark1', 'Lark2', 'Lark3'].map((name) => f.user({ name })));
    for (const u of [lead, signedUp]) await f.signUp(swap, u);
    const pair = await f.team(swap, lead);
    expect(names(await (await f.as(lead)).get(`/v1/user/invitee-search?search=lark&temporaryTeamId=${pair.id}`))).toEqual([signedUp.discordName]);
    expect(names(await (await f.as(lead)).get('/v1/user/invitee-search?search=lark'))).toEqual([signedUp.discordName, notSignedUp.discordName]);
  });
});
