import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Agent } from '../support/testServer';
import { ROUTE_TABLE } from '../support/routeTable';
import { tournamentBody } from './tournaments.fixtures';

/** Values a careless or hostile client sends where a string, a number or an id is expected. */
const hostileString = fc.oneof(
  // What PostgreSQL and UTF-8 refuse, most often: the finding's 500s.
  { weight: 4, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff') },
  { weight: 4, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d', '', ' ', 'http://a' + '.'.repeat(5000) + ' ', '%00', "' or 1=1 --", '${x}', '__proto__') },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 1e308, -1e308, -1, 0, 1.5, 9007199254740992, Number.MAX_SAFE_INTEGER, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const deep = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, deep(40), deep(2000), { ['\u0000']: 1 }),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }),
  fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
);

/** Field names of the /v1 bodies, so hostile values land where validation and the database look. */
const FIELDS = [
  'name', 'title', 'subTitle', 'description', 'entryFee', 'startDate', 'startTime', 'endDate', 'signUpClose', 'tournamentType',
  'switcherooType', 'signUpLimit', 'teamLimit', 'rules', 'prizePoolInfo', 'host', 'game', 'platforms', 'featured', 'allowSignups',
  'freeSubstitutes', 'definedEntries', 'mapsAndModes', 'entryAId', 'entryBId', 'userAId', 'userBId', 'teamAId', 'teamBId',
  'definedEntryA', 'definedEntryB', 'entryAScore', 'entryBScore', 'teams', 'email', 'amount', 'reference', 'clientSecret', 'cardNumber',
  // Season bodies (seasons-and-admin.md §3): the form, its eight due dates, the splits and the join terms.
  'seasonInfo', 'playoffWeeks', 'published', 'divisionSplits', 'termsAccepted', 'round1DueBy', 'round2DueBy',
  'losers1DueBy', 'losers2DueBy', 'losers3DueBy', 'winnersFinalDueBy', 'losersFinalDueBy', 'grandFinalDueBy',
  // Profiles (players-and-tournaments.md §7, User): the own profile and the staff edit of a player.
  'battleTag', 'twitterHandle', 'twitchName', 'youtubeChannel', 'freeAgent', 'katanaRank', 'wins', 'losses', 'gold', 'silver', 'bronze',
  // Player cards (seasons-and-admin.md §3).
  'rank',
];
const QUERY = ['search', 'pageNo', 'perPage', 'freeAgent', 'notPaginated', 'kind', 'clientSecret', 'as', 'game', 'code', 'state'];

/** encodeURIComponent, with a lone surrogate sent as the raw bytes of one (a URL cannot carry it otherwise). */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const hostileSegment = fc.oneof(
  // Ids of seeded rows half of the time, so the hostile body reaches the code behind "not found".
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '5', '9') },
  { weight: 2, arbitrary: fc.constantFrom('2147483648', '99999999999999999999', '1e308', '-1', '0', '1.5', '%00', '%ED%A0%80', 'x') },
  hostileString.map(encode),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 4 }),
  // A valid tournament form with a few fields spoiled reaches the rules behind the first validation.
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 2 }).map((spoiled) => ({ ...tournamentBody(), ...spoiled })),
  hostileValue,
);

const STACK_OR_SQL = /\n\s+at |\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|Failed query|params:/i;

describe('hostile input: no route answers 5xx, every 4xx is a plain { message }', () => {
  const server = useTestServer({ seed: true });
  let callers: Agent[];

  beforeAll(async () => {
    callers = [server.agent(), await server.signIn('AdminAce'), await server.signIn('ClutchOwner')];
  });

  const runs = Number(process.env.HOSTILE_RUNS ?? 20);
  it.each(Object.keys(ROUTE_TABLE).filter((route) => route !== 'POST /v1/auth/logout'))('%s', async (route) => {
    const [method, url] = route.split(' ');
    await fc.assert(
      fc.asyncProperty(
        fc.array(hostileSegment, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...QUERY), hostileString.map(encode), { maxKeys: 3 }),
        hostileBody,
        fc.nat(callers.length - 1),
        async (segments, query, body, who) => {
          let i = 0;
          const path = url.replace(/:\w+/g, () => segments[i++]);
          const qs = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
          const target = qs ? `${path}?${qs}` : path;
          const agent = callers[who];
          const res = method === 'GET' ? await agent.get(target) : await agent.send(method as 'POST', target, body);
          const where = `${method} ${target} ${JSON.stringify(body)?.slice(0, 300)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400 && typeof res.body === 'object') {
            expect(typeof res.body?.message, where).toBe('string');
            expect(res.body.message, where).not.toMatch(STACK_OR_SQL);
          }
        },
      ),
      { numRuns: runs },
    );
  });
});
