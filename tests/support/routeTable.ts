/**
 * The authorization matrix's expected outcomes, one row per registered /v1 route (tests/server/authorizationMatrix.test.ts).
 * A route registered without a row here fails that test, so a new route states who may call it.
 *
 * Row format — one line per route, keyed by "METHOD /url" exactly as registered:
 *
 *   'PATCH /v1/tournament/temporary-team/:id': row('captain', T, { name: 'Renamed' }),
 *    ^ the route                                   ^ access     ^ path  ^ JSON body (optional)
 *
 * access: who gets past authorization (every other role gets the denial shown):
 *   'public'  everyone; a banned player's session answers 403 (banned) everywhere outside /v1/auth
 *   'auth'    /v1/auth: everyone, banned players included (they just see no user)
 *   'user'    signed in: guest 401, banned 403
 *   'staff'   ADMIN and OWNER: guest 401, banned 403, players 403
 *   'captain' the fixture team's captain: guest 401, banned 403, unrelated player, member, admin and owner 403
 *   'teamStaff' captain or staff: like 'captain' but ADMIN and OWNER pass too
 *   'member'  anyone on the fixture team (captain included): guest 401, banned 403, unrelated player, admin, owner 403
 * path: the URL called, with placeholders from the per-route fixture: {tournament} (an OPEN team tournament),
 *   {team} (its temporary team: {captain} captains it, {member} plays in it), {player} (an unrelated player),
 *   {victim} (a throwaway player staff may ban), {entry} (the team's entry). Omitted: the route with every
 *   `:param` replaced by 999999 (a missing row: authorization must still answer before "not found").
 *   Seasons: {season} (an OPEN, published, free season), {leagueTeam} (a league team: {captain} captains it,
 *   {member} plays in it, and it has not joined {season}).
 * "Passes" means any answer but 401/403 (and never 5xx or 419): 200, 204, 400 for the empty body, 404, 409.
 * `except` overrides single roles, e.g. { admin: 403 } when a route refuses staff on purpose.
 */
export type Role = 'guest' | 'banned' | 'player' | 'member' | 'captain' | 'admin' | 'owner';
export type Access = 'public' | 'auth' | 'user' | 'staff' | 'captain' | 'teamStaff' | 'member';
/** 'pass': got past authorization; 401/403: refused. */
export type Outcome = 'pass' | 401 | 403;

export interface Row {
  access: Access;
  path?: string;
  body?: unknown;
  except?: Partial<Record<Role, Outcome>>;
}

export const ROLES: Role[] = ['guest', 'banned', 'player', 'member', 'captain', 'admin', 'owner'];

const DENIED: Record<Access, Partial<Record<Role, Outcome>>> = {
  public: { banned: 403 },
  auth: {},
  user: { guest: 401, banned: 403 },
  staff: { guest: 401, banned: 403, player: 403, member: 403, captain: 403 },
  captain: { guest: 401, banned: 403, player: 403, member: 403, admin: 403, owner: 403 },
  teamStaff: { guest: 401, banned: 403, player: 403, member: 403 },
  member: { guest: 401, banned: 403, player: 403, admin: 403, owner: 403 },
};

/** What `role` should get from a route with this row. */
export function expectedOutcome(row: Row, role: Role): Outcome {
  return row.except?.[role] ?? DENIED[row.access][role] ?? 'pass';
}

/** The same outcome for every caller (a route that is off in this configuration). */
export const everyone = (outcome: Outcome) => Object.fromEntries(ROLES.map((role) => [role, outcome])) as Record<Role, Outcome>;

export const row = (access: Access, path?: string, body?: unknown, except?: Row['except']): Row => ({ access, path, body, except });

const T = '/v1/tournament/temporary-team/{team}';
const TOUR = '/v1/tournament/{tournament}';
const SEASON = '/v1/season/{season}';
const L = '/v1/team/{leagueTeam}';

export const ROUTE_TABLE: Record<string, Row> = {
  'GET /v1/health': row('public'),
  'GET /v1/health/live': row('public'),
  'GET /v1/health/ready': row('public'),
  // The API reference (issue 25): the document and the reference page's own files.
  'GET /v1/openapi.json': row('public'),
  'GET /v1/docs': row('public'),
  'GET /v1/docs/json': row('public'),
  'GET /v1/docs/yaml': row('public'),
  'GET /v1/docs/static/index.html': row('public'),
  'GET /v1/docs/static/swagger-initializer.js': row('public'),
  'GET /v1/docs/static/*': row('public'),
  'GET /v1/auth/discord': row('auth'),
  'GET /v1/auth/discord/bot': row('auth'),
  // Discord is not configured in tests: the callback refuses everyone.
  'GET /v1/auth/discord/callback': row('auth', undefined, undefined, everyone(403)),
  'POST /v1/auth/refresh': row('auth', undefined, undefined, { guest: 401 }),
  'POST /v1/auth/logout': row('auth'),
  'GET /v1/auth/csrf': row('auth'),
  'GET /v1/auth/session': row('auth'),
  // Under /v1/auth a banned session reads as no session: 401, not 403.
  'POST /v1/auth/discord/:id': row('user', '/v1/auth/discord/{player}', undefined, { banned: 401, member: 403, captain: 403 }),
  'GET /v1/user/userinfo': row('user'),
  'GET /v1/user': row('public'),
  'GET /v1/user/admin-view': row('staff'),
  'POST /v1/user/ban/:id': row('staff', '/v1/user/ban/{victim}'),
  'GET /v1/user/invitee-search': row('user', '/v1/user/invitee-search?search=Ace'),
  'GET /v1/team': row('public'),
  'GET /v1/tournament': row('staff'),
  'GET /v1/tournament/featured': row('public'),
  'GET /v1/tournament/upcoming': row('public'),
  'GET /v1/tournament/active': row('public'),
  'GET /v1/tournament/hall-of-fame': row('public'),
  'GET /v1/tournament/user/:id/past': row('public', '/v1/tournament/user/{player}/past'),
  'GET /v1/tournament/user/:id/active': row('public', '/v1/tournament/user/{player}/active'),
  'GET /v1/tournament/user/:id/public': row('public', '/v1/tournament/user/{player}/public'),
  'GET /v1/tournament/:id': row('public', TOUR),
  'POST /v1/tournament': row('staff', undefined, {}),
  'PATCH /v1/tournament/:id': row('staff', TOUR, {}),
  'POST /v1/tournament/:id/logo': row('staff', `${TOUR}/logo`),
  'DELETE /v1/tournament/:id': row('staff', TOUR),
  'POST /v1/tournament/:id/close': row('staff', `${TOUR}/close`),
  'POST /v1/tournament/:id/open': row('staff', `${TOUR}/open`),
  'POST /v1/tournament/:id/start': row('staff', `${TOUR}/start`),
  'DELETE /v1/tournament/:id/discord': row('staff', `${TOUR}/discord`),
  'GET /v1/tournament/:id/entries': row('public', `${TOUR}/entries`),
  'GET /v1/tournament/:id/entries/admin': row('staff', `${TOUR}/entries/admin`),
  'GET /v1/tournament/:id/entries/switcheroo': row('staff', `${TOUR}/entries/switcheroo`),
  'DELETE /v1/tournament/:id/entries/:entryId': row('staff', `${TOUR}/entries/{entry}`),
  'POST /v1/billing/join-tournament/:tournamentId/:teamOrUserId': row('user', '/v1/billing/join-tournament/{tournament}/{player}', { name: 'Matrix' }, { member: 403, captain: 403 }),
  'GET /v1/social/feed': row('public'),
  'GET /v1/tournament/temporary-team/:id': row('public', T),
  'GET /v1/tournament/temporary-team/:id/members': row('teamStaff', `${T}/members`, undefined, { member: 'pass' }),
  'PATCH /v1/tournament/temporary-team/:id': row('captain', T, { name: 'Renamed' }),
  'PATCH /v1/tournament/temporary-team/:id/admin': row('staff', `${T}/admin`, { name: 'Renamed by staff' }),
  'POST /v1/tournament/temporary-team/:id/members/invites/:userId': row('captain', `${T}/members/invites/{player}`),
  'PATCH /v1/tournament/temporary-team/:id/members/invites/:userId/cancel': row('captain', `${T}/members/invites/{player}/cancel`),
  'PATCH /v1/tournament/temporary-team/:id/members/invites/accept': row('user', `${T}/members/invites/accept`),
  'PATCH /v1/tournament/temporary-team/:id/members/invites/reject': row('user', `${T}/members/invites/reject`),
  'POST /v1/tournament/temporary-team/:id/admin/members/:userId': row('staff', `${T}/admin/members/{player}`),
  'DELETE /v1/tournament/temporary-team/:id/admin/members/:userId': row('staff', `${T}/admin/members/{member}`),
  'PATCH /v1/tournament/temporary-team/:id/members/:userId': row('captain', `${T}/members/{member}`),
  'PATCH /v1/tournament/temporary-team/:id/admin/members/:userId': row('staff', `${T}/admin/members/{member}`),
  'DELETE /v1/tournament/temporary-team/:id/members/:userId': row('captain', `${T}/members/{member}`),
  'DELETE /v1/tournament/temporary-team/:id/members': row('member', `${T}/members`),
  'POST /v1/tournament/temporary-team/:id/logo': row('captain', `${T}/logo`),
  'DELETE /v1/tournament/temporary-team/:id/logo': row('teamStaff', `${T}/logo`),
  'DELETE /v1/tournament/temporary-team/:id': row('teamStaff', T),
  'GET /v1/transfer/user': row('user'),
  'GET /v1/images/:id': row('public'),
  'POST /v1/billing/payment': row('public', undefined, {}),
  'POST /v1/billing/local/confirm': row('public', undefined, {}),
  'GET /v1/billing/payment-status': row('public', '/v1/billing/payment-status?clientSecret=nope'),
  'POST /v1/billing/refund-tournament-entry/:tournamentId/:entryId': row('staff', '/v1/billing/refund-tournament-entry/{tournament}/{entry}'),
  'GET /v1/tournament/:id/match': row('public', `${TOUR}/match`),
  'GET /v1/tournament/:id/bracket': row('public', `${TOUR}/bracket`),
  'GET /v1/tournament/:id/match/:matchId': row('public'),
  'POST /v1/tournament/:id/match/:matchId': row('user', undefined, { entryAScore: 2, entryBScore: 1 }),
  'POST /v1/tournament/:id/match/:matchId/admin': row('staff', undefined, { entryAScore: 2, entryBScore: 1 }),
  'PATCH /v1/tournament/:id/match/:matchId': row('staff', undefined, {}),
  'POST /v1/tournament/:id/reset': row('staff', `${TOUR}/reset`),
  'GET /v1/tournament/tournament-matches/:kind': row('staff', '/v1/tournament/tournament-matches/disputes'),
  'POST /v1/tournament/:id/switcheroo/teams': row('staff', `${TOUR}/switcheroo/teams`, { teams: [] }),
  'POST /v1/billing/webhook': row('public', undefined, {}),
  'GET /v1/season/all-seasons': row('staff'),
  'GET /v1/season': row('public'),
  'GET /v1/season/latest': row('public'),
  'GET /v1/season/divisions/:id': row('public'),
  'GET /v1/season/:id': row('public', SEASON),
  'GET /v1/season/:id/preview': row('staff', `${SEASON}/preview`),
  'GET /v1/season/:id/teams': row('staff', `${SEASON}/teams`),
  'POST /v1/season': row('staff', undefined, {}),
  'PATCH /v1/season/:id': row('staff', SEASON, {}),
  'DELETE /v1/season/:id': row('staff', SEASON),
  'POST /v1/season/:id/close-signups': row('staff', `${SEASON}/close-signups`),
  'POST /v1/season/:id/reopen-signups': row('staff', `${SEASON}/reopen-signups`),
  'POST /v1/season/:id/progress-playoffs': row('staff', `${SEASON}/progress-playoffs`),
  'POST /v1/season/:id/reset-group-stages': row('staff', `${SEASON}/reset-group-stages`),
  'POST /v1/season/:id/progress-double-elim': row('staff', `${SEASON}/progress-double-elim`),
  'POST /v1/season/:id/revert-to-group-stages': row('staff', `${SEASON}/revert-to-group-stages`),
  'PATCH /v1/season/:id/division-splits': row('staff', `${SEASON}/division-splits`, { divisionSplits: [2] }),
  'POST /v1/season/:id/reset-double-elim/:divisionId': row('staff', `${SEASON}/reset-double-elim/999999`),
  // Joining a season is the league team's captain's: guests are told to log in (401), players outside the team,
  // its other members and staff without that team are refused (403).
  'POST /v1/billing/join-season/:seasonId/:teamId': row('captain', '/v1/billing/join-season/{season}/{leagueTeam}', { termsAccepted: true }),
  'DELETE /v1/billing/remove-team/:seasonId/:teamId': row('staff', '/v1/billing/remove-team/{season}/{leagueTeam}'),
  'POST /v1/billing/refund-entry/:seasonId/:teamId': row('staff', '/v1/billing/refund-entry/{season}/{leagueTeam}'),
  // ── League play (issue 12): season matches, their queues and Test Elo ──
  'GET /v1/match/division/:divisionId': row('public'),
  'GET /v1/match/group/:groupId': row('public'),
  'GET /v1/match/dispute': row('staff'),
  'GET /v1/match/incomplete': row('staff'),
  'GET /v1/match/overdue': row('staff'),
  'PUT /v1/match/test-increase': row('staff', undefined, { teamAScore: 3, teamBScore: 1, kr: 1000, averageKr: 1100 }),
  'PUT /v1/match/test-decrease': row('staff', undefined, { teamAScore: 3, teamBScore: 1, kr: 1000, averageKr: 1100 }),
  'GET /v1/match/:id': row('public'),
  'POST /v1/match/:id': row('user', undefined, { entryAScore: 2, entryBScore: 1 }),
  'POST /v1/match/:id/admin': row('staff', undefined, { entryAScore: 2, entryBScore: 1 }),
  // Live updates (issue 15): server-sent event streams, authorized like the reads they follow (a request without
  // Accept: text/event-stream gets the stream's head and an end, so these calls return).
  'GET /v1/tournament/:id/events': row('public', `${TOUR}/events`),
  'GET /v1/season/division/:id/events': row('public'),
  'GET /v1/match/events': row('staff'),
  // Admin users and staff (issue 14)
  'GET /v1/user/staff': row('staff'),
  // Promote New Staff (USER → ADMIN) is any staff member's; the other changes are the OWNER's (tests/server/staff.test.ts).
  'PATCH /v1/user/staff/:id': row('staff', '/v1/user/staff/{victim}', { role: 'ADMIN' }),
  'GET /v1/user/:id': row('public', '/v1/user/{player}'),
  'PATCH /v1/user/:id': row('staff', '/v1/user/{victim}', {}),

  // Profiles (issue 13); GET and PATCH /v1/user/:id are in the block above
  'PATCH /v1/user': row('user', undefined, {}),
  'GET /v1/team/:id': row('public'),
  'DELETE /v1/team/:id/members': row('user'),
  // League teams (issue 13): {leagueTeam} is a fresh team per fixture ({captain} captains it, {member} plays in it).
  'POST /v1/team': row('user', undefined, {}),
  'GET /v1/team/:id/members': row('teamStaff', `${L}/members`, undefined, { member: 'pass' }),
  'PATCH /v1/team/:id': row('teamStaff', L, { name: 'Matrix Renamed' }),
  'POST /v1/team/:id/logo': row('captain', `${L}/logo`),
  'DELETE /v1/team/:id/logo': row('teamStaff', `${L}/logo`),
  'POST /v1/team/:id/members/invites/:userId': row('captain', `${L}/members/invites/{player}`),
  'POST /v1/team/:id/members/invites/:userId/cancel': row('captain', `${L}/members/invites/{player}/cancel`),
  'PATCH /v1/team/:id/members/invites/accept': row('user', `${L}/members/invites/accept`),
  'PATCH /v1/team/:id/members/invites/reject': row('user', `${L}/members/invites/reject`),
  'POST /v1/team/:id/admin/members/:userId': row('staff', `${L}/admin/members/{player}`),
  'DELETE /v1/team/:id/admin/members/:userId': row('staff', `${L}/admin/members/{member}`),
  'PATCH /v1/team/:id/members/:userId': row('captain', `${L}/members/{member}`),
  'PATCH /v1/team/:id/admin/members/:userId': row('staff', `${L}/admin/members/{member}`),
  'DELETE /v1/team/:id/members/:userId': row('captain', `${L}/members/{member}`),
  // Admin teams and site images (issue 14).
  'PATCH /v1/team/:id/admin': row('staff', '/v1/team/{leagueTeam}/admin', {}),
  'GET /v1/admin/images': row('public'),
  'POST /v1/admin/homepage': row('staff'),
  'POST /v1/admin/season-image': row('staff'),
  'POST /v1/admin/tournament-image': row('staff'),
  'POST /v1/admin/league-info-image': row('staff'),
  'POST /v1/admin/title-logo': row('staff'),
  'POST /v1/admin/logo': row('staff'),
  'GET /v1/admin/audit': row('staff', undefined, undefined, { admin: 403 }),

  // Player cards (issue 13): anyone reads, staff add and delete.
  'GET /v1/admin/player-cards': row('public'),
  'POST /v1/admin/player-card': row('staff', undefined, {}),
  'PATCH /v1/admin/player-card/:id/image': row('staff'),
  'DELETE /v1/admin/player-card/:id': row('staff'),

  // Transfers (issue 13): staff decide; the captain asks for a removal, a player (naming themselves) for a join, and
  // either cancels; whoever asked pays. {leagueTeam} is not in a season, so past authorization the asks answer 409.
  'GET /v1/transfer': row('staff'),
  'PATCH /v1/transfer/:id': row('staff', undefined, { approved: true }),
  'POST /v1/transfer/:teamId/:userId': row('user', '/v1/transfer/{leagueTeam}/{member}', undefined, { player: 403, admin: 403, owner: 403 }),
  'DELETE /v1/transfer/:teamId/:userId': row('user', '/v1/transfer/{leagueTeam}/{member}', undefined, { player: 403 }),
  'POST /v1/billing/transfer-request/:teamId': row('user', '/v1/billing/transfer-request/{leagueTeam}', {}),
  'DELETE /v1/billing/transfer-request/:teamId': row('user', '/v1/billing/transfer-request/{leagueTeam}'),

  // An open platform (issue 25): staff set the Discord webhooks (the test message answers 409 without one); the
  // match calendars are public feeds.
  'GET /v1/tournament/:id/announcements': row('staff', `${TOUR}/announcements`),
  'PUT /v1/tournament/:id/announcements': row('staff', `${TOUR}/announcements`, { webhookUrl: null }),
  'POST /v1/tournament/:id/announcements/test': row('staff', `${TOUR}/announcements/test`),
  'GET /v1/season/:id/announcements': row('staff', `${SEASON}/announcements`),
  'PUT /v1/season/:id/announcements': row('staff', `${SEASON}/announcements`, { webhookUrl: null }),
  'POST /v1/season/:id/announcements/test': row('staff', `${SEASON}/announcements/test`),
  'GET /v1/team/:id/calendar.ics': row('public', `${L}/calendar.ics`),
  'GET /v1/user/:id/calendar.ics': row('public', '/v1/user/{player}/calendar.ics'),
};
