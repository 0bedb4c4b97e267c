import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { FakeDiscord, type WebhookPost } from '../support/fakeDiscord';
import { useTestServer, type Agent } from '../support/testServer';
import { auditLog, discordDeliveries, seasonMatches, seasons, tournaments } from '../../server/db/schema';
import { createDiscordOutbox, INTERRUPTED } from '../../server/services/discordOutbox';
import { enqueue } from '../../server/services/announcements';
import { generateBracket } from '../../src/domain/bracket/generateBracket';
import { ANNOUNCEMENT_ERRORS } from '../../src/domain/messages';
import { bracketOf, createAdmin, createTournament, playerOf, type Fixture } from './bracketsKit';
import { createSeason, enterTeams } from './seasons.fixtures';

/*
 * Discord announcements (issue 25) against a loopback fake of Discord's webhook endpoint: what is posted for a
 * tournament's start, ready matches, results, disputes and champion, and how deliveries survive Discord's failures
 * and rate limits without ever posting twice.
 */

const fake = new FakeDiscord();
const WORKER = { pollMs: 20, retryBaseMs: 60, retryMaxMs: 240, maxAttempts: 3, requestTimeoutMs: 2_000 };

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 8_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

describe('Discord announcements', () => {
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  const server = useTestServer(() => ({
    config: { publicUrl: 'https://clutch.example', announcements: { ...WORKER, extraWebhookOrigins: [fake.base] } },
  }));
  let admin: Agent;
  let hookId = 100000;
  beforeAll(async () => {
    admin = await server.agent().signIn(await createAdmin(server.db));
  });

  /** A webhook of its own per test, so each test reads only its posts. */
  const newHook = () => String(++hookId) + '00000000';
  const postsTo = (id: string) => fake.webhookPosts.filter((p) => p.webhookId === id);
  const titles = (posts: WebhookPost[]) => posts.filter((p) => p.status === 204).flatMap((p) => p.body.embeds.map((e) => e.title));
  const setHook = (kind: 'tournament' | 'season', id: number, url: string | null) => admin.put(`/v1/${kind}/${id}/announcements`, { webhookUrl: url });
  const deliveries = async (tournamentId: number) => (await admin.get(`/v1/tournament/${tournamentId}/announcements`)).body.deliveries as any[];
  /** Waits until every delivery of the tournament has an outcome. */
  const settled = (tournamentId: number) =>
    waitFor('deliveries to settle', async () => {
      const list = await deliveries(tournamentId);
      return list.length > 0 && list.every((d) => d.state !== 'PENDING' && d.state !== 'SENDING') && list;
    });

  /** A CLOSED tournament of `n` players with a map for every round, ready to start. */
  async function closedTournament(n: number): Promise<Fixture> {
    const f = await createTournament(server.db, { ranks: Array.from({ length: n }, (_, i) => 2000 - i), status: 'CLOSED', generate: false });
    const rounds = [...new Set(generateBracket(n).matches.map((m) => m.roundName))];
    await server.db
      .update(tournaments)
      .set({ mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Hardpoint' })) })
      .where(eq(tournaments.id, f.tournamentId));
    return f;
  }
  const report = async (f: Fixture, m: any, side: 'A' | 'B', a: number, b: number) =>
    (await playerOf(server, f, side === 'A' ? m.entryAId : m.entryBId)).post(`/v1/tournament/${f.tournamentId}/match/${m.id}`, {
      entryAScore: a,
      entryBScore: b,
    });
  const play = async (f: Fixture, matchNumber: number, a: number, b: number) => {
    const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(matchNumber);
    expect((await report(f, m, 'A', a, b)).status).toBe(200);
    expect((await report(f, m, 'B', a, b)).status).toBe(200);
    return m;
  };

  describe('the webhook setting', () => {
    it('takes a Discord webhook URL from staff, never answers its token back and audits the change', async () => {
      const f = await createTournament(server.db, { ranks: [1000, 1001], generate: false, status: 'OPEN' });
      const url = fake.webhookUrl(newHook(), 'secret-token_abcdefghijklmnopqrstuvwxyz0123456789');
      const res = await setHook('tournament', f.tournamentId, url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ webhook: `${fake.base}/api/webhooks/${hookId}00000000/••••••`, deliveries: [] });

      // No public read carries it; staff read it masked.
      for (const path of [`/v1/tournament/${f.tournamentId}`, '/v1/tournament?pageNo=1', '/v1/tournament/upcoming']) {
        const text = JSON.stringify((await admin.get(path)).body);
        expect(text).not.toContain('secret-token');
        expect(text).not.toContain('/api/webhooks/');
      }
      expect(JSON.stringify((await admin.get(`/v1/tournament/${f.tournamentId}/announcements`)).body)).not.toContain('secret-token');

      const [row] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'TOURNAMENT'), eq(auditLog.targetId, String(f.tournamentId))));
      expect(row.action).toBe('WEBHOOK_CHANGED');
      expect(row.before).toEqual({ discordWebhook: null });
      expect(String(row.after?.discordWebhook)).toMatch(/\/api\/webhooks\/\d+\/•••••• \([0-9a-f]{8}\)$/);
      expect(JSON.stringify(row)).not.toContain('secret-token');

      expect((await setHook('tournament', f.tournamentId, null)).body.webhook).toBeNull();
    });

    it('refuses what is not a Discord webhook, and players', async () => {
      const f = await createTournament(server.db, { ranks: [1000, 1001], generate: false, status: 'OPEN' });
      for (const bad of [
        'https://example.com/api/webhooks/123456789/abcdefghijklmnopqrstuvwxyz',
        'https://discord.com/channels/123456789/987654321',
        'https://discord.com/api/webhooks/123456789/abcdefghijklmnopqrstuvwxyz?wait=true',
        'not a url',
      ]) {
        const res = await setHook('tournament', f.tournamentId, bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.message).toBe(ANNOUNCEMENT_ERRORS.webhookUrl);
      }
      expect((await setHook('tournament', f.tournamentId, 'https://discord.com/api/webhooks/123456789/abcdefghijklmnopqrstuvwxyz')).status).toBe(200);
      expect((await setHook('tournament', 999999, fake.webhookUrl())).status).toBe(404);
      const player = await server.agent().signIn(f.players[0][0].discordName);
      expect((await player.put(`/v1/tournament/${f.tournamentId}/announcements`, { webhookUrl: null })).status).toBe(403);
      expect((await server.agent().get(`/v1/tournament/${f.tournamentId}/announcements`)).status).toBe(401);
    });

    it('sends a test message through the queue, and says so without a webhook', async () => {
      const f = await createTournament(server.db, { ranks: [1000, 1001], generate: false, status: 'OPEN', title: 'Test Message Cup' });
      const none = await admin.post(`/v1/tournament/${f.tournamentId}/announcements/test`);
      expect(none.status).toBe(409);
      expect(none.body.message).toBe(ANNOUNCEMENT_ERRORS.noWebhook);

      const hook = newHook();
      await setHook('tournament', f.tournamentId, fake.webhookUrl(hook));
      const queued = await admin.post(`/v1/tournament/${f.tournamentId}/announcements/test`);
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ event: 'TEST', title: 'Test message from Clutch', state: 'PENDING', attempts: 0 });
      const [post] = await waitFor('the test message', () => fake.delivered(hook).length > 0 && fake.delivered(hook));
      expect(post.body.embeds[0]).toMatchObject({
        title: 'Test message from Clutch',
        url: `https://clutch.example/tournaments/${f.tournamentId}`,
        color: 0x95a5a6,
      });
      expect(post.body.embeds[0].description).toContain('**Test Message Cup**');
      expect(post.body.allowed_mentions).toEqual({ parse: [] });
      const [listed] = await settled(f.tournamentId);
      expect(listed).toMatchObject({ state: 'DELIVERED', attempts: 0, lastError: null });
    });
  });

  describe('a tournament', () => {
    it('announces the start, results, ready matches, a dispute, the staff result and the champion, each once', async () => {
      const f = await closedTournament(4);
      const hook = newHook();
      expect((await setHook('tournament', f.tournamentId, fake.webhookUrl(hook))).status).toBe(200);
      expect((await admin.post(`/v1/tournament/${f.tournamentId}/start`)).status).toBe(200);
      const [start] = await waitFor('the start', () => fake.delivered(hook).length > 0 && fake.delivered(hook));
      const [title] = (await server.db.select({ title: tournaments.title }).from(tournaments).where(eq(tournaments.id, f.tournamentId)));
      expect(start.body.embeds).toHaveLength(1);
      expect(start.body.embeds[0]).toMatchObject({
        title: `Bracket started: ${title.title}`,
        description: '4 entrants, 2 matches ready to play. Good luck!',
        url: `https://clutch.example/tournaments/${f.tournamentId}`,
        color: 0x5865f2,
      });
      expect(start.body.embeds[0].fields.map((x) => x.name)).toEqual(['Game', 'Entrants', 'Ends']);

      // Round 1: two results; the second fills the winners final and the first losers match.
      const m1 = await play(f, 1, 3, 1);
      await play(f, 2, 0, 2);
      await settled(f.tournamentId);
      const { byNumber } = await bracketOf(server.agent(), f.tournamentId);
      const name = (m: any, side: 'A' | 'B') => m[`entry${side}Name`] as string;
      const [, first, second, ...readyTitles] = titles(postsTo(hook));
      expect([first, second]).toEqual([
        `Result: ${name(m1, 'A')} 3–1 ${name(m1, 'B')}`,
        `Result: ${name(byNumber(2), 'A')} 0–2 ${name(byNumber(2), 'B')}`,
      ]);
      const filled = (await bracketOf(server.agent(), f.tournamentId)).list.filter((m) => m.entryASourceKind && m.entryAId && m.entryBId);
      expect(readyTitles.sort()).toEqual(filled.map((m) => `Match ready: ${name(m, 'A')} vs ${name(m, 'B')}`).sort());
      const ready = postsTo(hook).flatMap((p) => p.body.embeds).filter((e) => e.title.startsWith('Match ready'));
      expect(ready).toHaveLength(2);
      expect(ready[0].url).toMatch(new RegExp(`^https://clutch.example/tournaments/${f.tournamentId}/match/\\d+$`));
      expect(ready[0].fields.map((x) => x.name)).toEqual(['Round', 'Due by']);
      expect(ready[0].fields[1].value).toMatch(/^<t:\d+:D>$/);
      const result = postsTo(hook).flatMap((p) => p.body.embeds).find((e) => e.title.startsWith('Result'))!;
      expect(result).toMatchObject({ url: `https://clutch.example/tournaments/${f.tournamentId}/match/${m1.id}`, color: 0x2ecc71 });
      expect(result.fields).toContainEqual({ name: 'Decided by', value: 'Both reports', inline: true });

      // A dispute on the winners final, settled by staff.
      const wf = byNumber(3);
      expect((await report(f, wf, 'A', 2, 1)).status).toBe(200);
      expect((await report(f, wf, 'B', 1, 2)).status).toBe(200);
      await settled(f.tournamentId);
      const disputed = postsTo(hook).flatMap((p) => p.body.embeds).find((e) => e.title.startsWith('Disputed'))!;
      expect(disputed.title).toBe(`Disputed: ${name(wf, 'A')} vs ${name(wf, 'B')}`);
      expect(disputed.description).toContain('reported 2–1');
      expect(disputed.description).toContain('reported 1–2');
      expect(disputed.color).toBe(0xe74c3c);
      expect((await admin.post(`/v1/tournament/${f.tournamentId}/match/${wf.id}/admin`, { entryAScore: 2, entryBScore: 1 })).status).toBe(200);
      await settled(f.tournamentId);
      const staffResult = postsTo(hook).flatMap((p) => p.body.embeds).find((e) => e.title === `Result: ${name(wf, 'A')} 2–1 ${name(wf, 'B')}`)!;
      expect(staffResult.fields).toContainEqual({ name: 'Decided by', value: 'Staff', inline: true });

      // The rest of the bracket, side A winning each time: the champion comes last.
      for (;;) {
        const next = (await bracketOf(server.agent(), f.tournamentId)).list.find(
          (m) => m.live && m.entryAId && m.entryBId && m.winningEntry === '' && !m.entryAbye && !m.entryBbye,
        );
        if (!next) break;
        await play(f, next.matchNumber, 3, 0);
      }
      const [done] = await server.db.select().from(tournaments).where(eq(tournaments.id, f.tournamentId));
      expect(done.status).toBe('COMPLETED');
      await settled(f.tournamentId);
      const all = titles(postsTo(hook));
      expect(all.at(-1)).toBe(`🏆 ${done.winningEntryName} wins ${done.title}!`);
      // Every event once: no title twice, and the queue holds one row per post.
      expect(new Set(all).size).toBe(all.length);
      const rows = await server.db.select().from(discordDeliveries).where(eq(discordDeliveries.tournamentId, f.tournamentId));
      expect(rows.length).toBe(all.length);
      expect(rows.every((r) => r.state === 'DELIVERED')).toBe(true);
    });

    it('queues nothing for a tournament without a webhook', async () => {
      const f = await createTournament(server.db, { ranks: [1000, 1001, 1002, 1003] });
      await play(f, 1, 3, 1);
      expect(await server.db.select().from(discordDeliveries).where(eq(discordDeliveries.tournamentId, f.tournamentId))).toEqual([]);
    });
  });

  describe('a season', () => {
    it('announces the group stages, league results and disputes, the playoffs, ready matches and the division champion', async () => {
      const id = await createSeason(admin);
      const [season] = await server.db.select().from(seasons).where(eq(seasons.id, id));
      const entered = await enterTeams(server, id, 4);
      const hook = newHook();
      expect((await setHook('season', id, fake.webhookUrl(hook))).status).toBe(200);
      for (const path of [`/v1/season/${id}`, '/v1/season', '/v1/season/latest', '/v1/season/all-seasons']) {
        expect(JSON.stringify((await admin.get(path)).body), path).not.toContain('/api/webhooks/');
      }
      expect((await admin.post(`/v1/season/${id}/close-signups`)).status).toBe(200);
      expect((await admin.patch(`/v1/season/${id}/division-splits`, { divisionSplits: [4] })).status).toBe(200);
      expect((await admin.post(`/v1/season/${id}/progress-playoffs`)).status).toBe(200);
      const [groups] = await waitFor('the group stages', () => fake.delivered(hook).length > 0 && fake.delivered(hook));
      expect(groups.body.embeds[0]).toMatchObject({
        title: `Group stages started: ${season.name}`,
        description: '4 teams in 1 division play 2 group matches over 4 weeks. Good luck!',
        url: `https://clutch.example/seasons/${id}`,
      });

      const matches = (type: 'GROUP_STAGE' | 'PLAYOFF') =>
        server.db
          .select()
          .from(seasonMatches)
          .where(and(eq(seasonMatches.seasonId, id), eq(seasonMatches.matchType, type)))
          .orderBy(asc(seasonMatches.matchNumber), asc(seasonMatches.id));
      const captain = (teamId: number | null) => entered.find((t) => t.team.id === teamId)!.agent;
      const teamName = (teamId: number | null) => entered.find((t) => t.team.id === teamId)!.team.name;
      const seasonPosts = () => postsTo(hook).flatMap((p) => (p.status === 204 ? p.body.embeds : []));
      const settledSeason = () =>
        waitFor('season deliveries', async () => {
          const list = (await admin.get(`/v1/season/${id}/announcements`)).body.deliveries as any[];
          return list.every((d) => d.state === 'DELIVERED') && list;
        });

      // Group A: both captains agree. Group B: they do not.
      const [g1, g2] = await matches('GROUP_STAGE');
      for (const teamId of [g1.teamAId, g1.teamBId]) expect((await captain(teamId).post(`/v1/match/${g1.id}`, { entryAScore: 3, entryBScore: 2 })).status).toBe(200);
      expect((await captain(g2.teamAId).post(`/v1/match/${g2.id}`, { entryAScore: 3, entryBScore: 0 })).status).toBe(200);
      expect((await captain(g2.teamBId).post(`/v1/match/${g2.id}`, { entryAScore: 0, entryBScore: 3 })).status).toBe(200);
      await settledSeason();
      expect(seasonPosts().find((e) => e.title === `Result: ${teamName(g1.teamAId)} 3–2 ${teamName(g1.teamBId)}`)).toMatchObject({
        url: `https://clutch.example/match/${g1.id}`,
        fields: [
          { name: 'Round', value: 'Group A', inline: true },
          { name: 'Decided by', value: 'Both reports', inline: true },
        ],
      });
      expect(seasonPosts().map((e) => e.title)).toContain(`Disputed: ${teamName(g2.teamAId)} vs ${teamName(g2.teamBId)}`);
      expect((await admin.post(`/v1/match/${g2.id}/admin`, { entryAScore: 3, entryBScore: 0 })).status).toBe(200);

      expect((await admin.post(`/v1/season/${id}/progress-double-elim`)).status).toBe(200);
      await settledSeason();
      const division = (await matches('PLAYOFF'))[0].divisionId;
      expect(seasonPosts().find((e) => e.title.startsWith('Playoffs started'))).toMatchObject({
        title: `Playoffs started: ${season.name} · Division 1`,
        url: `https://clutch.example/seasons/${id}/${division}`,
      });

      // Staff settle every playoff match, side A winning: results, ready matches, then the champion.
      for (;;) {
        const next = (await matches('PLAYOFF')).find((m) => m.live && m.teamAId && m.teamBId && !m.winningTeam && !m.teamABye && !m.teamBBye);
        if (!next) break;
        expect((await admin.post(`/v1/match/${next.id}/admin`, { entryAScore: 2, entryBScore: 0 })).status).toBe(200);
      }
      await settledSeason();
      const titlesNow = seasonPosts().map((e) => e.title);
      expect(titlesNow.some((t) => t.startsWith('Match ready: '))).toBe(true);
      const final = (await matches('PLAYOFF')).filter((m) => m.winningTeam && m.live).at(-1)!;
      const championId = final.winningTeam === 'TeamA' ? final.teamAId : final.teamBId;
      expect(titlesNow.at(-1)).toBe(`🏆 ${teamName(championId)} wins ${season.name} · Division 1!`);
      // One post per queued event (the grand final may read like a first-round result: another match, another row).
      const rows = await server.db.select().from(discordDeliveries).where(eq(discordDeliveries.seasonId, id));
      expect(titlesNow).toHaveLength(rows.length);
      expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length);
    });
  });

  describe('deliveries', () => {
    /** A started 4-player tournament with its own webhook, and `script` for Discord's next answers. */
    async function withHook(script: typeof fake.webhookScript) {
      const f = await createTournament(server.db, { ranks: [1000, 1001, 1002, 1003] });
      const hook = newHook();
      await setHook('tournament', f.tournamentId, fake.webhookUrl(hook));
      fake.webhookScript = script;
      return { f, hook };
    }

    it('retries after Discord fails (500) with backoff, and the player who reported never waits for it', async () => {
      const { f, hook } = await withHook([{ status: 500 }, { status: 500 }]);
      const started = Date.now();
      await play(f, 1, 3, 1);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [d] = await settled(f.tournamentId);
      expect(d).toMatchObject({ state: 'DELIVERED', attempts: 2, lastError: null });
      const tries = postsTo(hook);
      expect(tries.map((p) => p.status)).toEqual([500, 500, 204]);
      // 60 ms, then 120 ms.
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(50);
      expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(100);
    });

    it('waits out a 429 as long as retry_after says, without counting it as a failure', async () => {
      const { f, hook } = await withHook([{ status: 429, retryAfter: 0.4 }]);
      await play(f, 1, 3, 1);
      const [d] = await settled(f.tournamentId);
      expect(d).toMatchObject({ state: 'DELIVERED', attempts: 0 });
      const tries = postsTo(hook);
      expect(tries.map((p) => p.status)).toEqual([429, 204]);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(390);
    });

    it('gives up after the last attempt and keeps the error', async () => {
      const { f, hook } = await withHook([{ status: 500 }, { status: 500 }, { status: 500 }]);
      await play(f, 1, 3, 1);
      const [d] = await settled(f.tournamentId);
      expect(d).toMatchObject({ state: 'FAILED', attempts: 3, lastError: 'Discord answered 500: 500: Internal Server Error' });
      expect(postsTo(hook)).toHaveLength(3);
    });

    it('gives up at once on a deleted webhook (404)', async () => {
      const { f, hook } = await withHook([{ status: 404 }]);
      await play(f, 1, 3, 1);
      const [d] = await settled(f.tournamentId);
      expect(d).toMatchObject({ state: 'FAILED', attempts: 1, lastError: 'Discord refused it (404): Unknown Webhook' });
      expect(postsTo(hook)).toHaveLength(1);
    });

    it('keeps what is queued while no worker runs, and delivers it when one starts again', async () => {
      const { f, hook } = await withHook([]);
      await server.app.discordOutbox.stop();
      try {
        expect((await admin.post(`/v1/tournament/${f.tournamentId}/announcements/test`)).status).toBe(202);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(postsTo(hook)).toEqual([]);
        expect((await deliveries(f.tournamentId))[0].state).toBe('PENDING');
      } finally {
        server.app.discordOutbox.start();
      }
      await waitFor('the queued message', () => fake.delivered(hook).length === 1);
    });

    it('never sends a delivery whose sending was interrupted again (it could post twice)', async () => {
      const { f, hook } = await withHook([]);
      await server.db.transaction((tx) =>
        enqueue(tx, { kind: 'tournament', id: f.tournamentId }, [
          { key: `interrupted:${hook}`, event: 'TEST', payload: { title: 'Interrupted', description: 'x', path: '/', color: 0, fields: [] } },
        ]),
      );
      // As an instance that stopped mid-send leaves it: SENDING, its lease over.
      await server.db
        .update(discordDeliveries)
        .set({ state: 'SENDING', leaseUntil: Date.now() - 1_000 })
        .where(eq(discordDeliveries.dedupeKey, `interrupted:${hook}`));
      const [d] = await settled(f.tournamentId);
      expect(d).toMatchObject({ state: 'FAILED', lastError: INTERRUPTED });
      expect(postsTo(hook)).toEqual([]);
    });

    it('is posted once when several workers claim from the same queue at once', async () => {
      const scopes = await Promise.all([0, 1, 2].map(() => createTournament(server.db, { ranks: [1000, 1001], generate: false, status: 'OPEN' })));
      const hooks = scopes.map(() => newHook());
      await server.app.discordOutbox.stop();
      const workers = [0, 1, 2, 3].map(() => createDiscordOutbox(server.db, server.config, { warn: () => {} }));
      try {
        for (const [i, s] of scopes.entries()) {
          await setHook('tournament', s.tournamentId, fake.webhookUrl(hooks[i]));
          await server.db.transaction((tx) =>
            enqueue(
              tx,
              { kind: 'tournament', id: s.tournamentId },
              Array.from({ length: 25 }, (_, n) => ({
                key: `race:${hooks[i]}:${n}`,
                event: 'TEST' as const,
                payload: { title: `Race ${n}`, description: 'once', path: '/', color: 0, fields: [] },
              })),
            ),
          );
        }
        for (const w of workers) w.start();
        await waitFor('every race message', () => hooks.every((h) => titles(postsTo(h)).length >= 25));
        await new Promise((resolve) => setTimeout(resolve, 150));
        for (const h of hooks) {
          const got = titles(postsTo(h));
          expect(got).toHaveLength(25);
          // In queue order, at most 10 embeds a message.
          expect(got).toEqual(Array.from({ length: 25 }, (_, n) => `Race ${n}`));
          expect(postsTo(h).every((p) => p.body.embeds.length <= 10)).toBe(true);
        }
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        server.app.discordOutbox.start();
      }
    });
  });
});
