import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '../domain/constants';
import { Guard } from './Guard';
import { NotFound } from '../ui/NotFound/NotFound';
import { STAFF_ROLES } from '../ui/session';
import { onDemand } from '../ui/onDemand';
import { parseId } from '../ui/routeParams';
import { api } from '../api/client';
import { getFeaturedTournament, getSocialFeed } from '../api/endpoints/home';
import { getTournament, getUpcomingTournaments } from '../api/endpoints/tournaments';
import { prefetchTournamentBracket } from '../api/endpoints/bracket';
import { getDivision, getSeason } from '../api/endpoints/seasons';
import { getTeam } from '../api/endpoints/teams';
import { getPage } from '../api/endpoints/lists';
import { getSeasonMatch } from '../api/endpoints/seasonMatches';
import { User } from '../api/contract/user';
import { DEFAULT_PER_PAGE } from '../domain/constants';
import { routePattern } from '../domain/routePaths';

// Every screen is its own chunk, loaded when its route first renders.
const LoginPage = onDemand(() => import('../features/auth/LoginPage'), 'LoginPage');
const CallbackPage = onDemand(() => import('../features/auth/CallbackPage'), 'CallbackPage');
const BannedPage = onDemand(() => import('../features/auth/BannedPage'), 'BannedPage');
const HomePage = onDemand(() => import('../features/home/HomePage'), 'HomePage');
const LeaguePage = onDemand(() => import('../features/league/LeaguePage'), 'LeaguePage');
const SupportPage = onDemand(() => import('../features/support/SupportPage'), 'SupportPage');
const PaymentPage = onDemand(() => import('../features/payment/PaymentPage'), 'PaymentPage');
const PlayerRanksPage = onDemand(() => import('../features/players/PlayerRanksPage'), 'PlayerRanksPage');
const TeamRanksPage = onDemand(() => import('../features/teams/TeamRanksPage'), 'TeamRanksPage');
const TeamProfilePage = onDemand(() => import('../features/teams/TeamProfilePage'), 'TeamProfilePage');
const PlayerProfilePage = onDemand(() => import('../features/players/PlayerProfilePage'), 'PlayerProfilePage');
const PlayerCardsPage = onDemand(() => import('../features/players/PlayerCardsPage'), 'PlayerCardsPage');
const OwnProfileRedirect = onDemand(() => import('../features/players/OwnProfileRedirect'), 'OwnProfileRedirect');
const PastTournamentsPage = onDemand(() => import('../features/players/PastTournamentsPage'), 'PastTournamentsPage');
const AdminDashboard = onDemand(() => import('../features/admin/AdminDashboard'), 'AdminDashboard');
const AdminTournamentsPage = onDemand(() => import('../features/admin/tournaments/AdminTournamentsPage'), 'AdminTournamentsPage');
const MapsAndModesPage = onDemand(() => import('../features/admin/tournaments/MapsAndModesPage'), 'MapsAndModesPage');
const DefinedEntriesPage = onDemand(() => import('../features/admin/tournaments/DefinedEntriesPage'), 'DefinedEntriesPage');
const UpcomingTournamentsPage = onDemand(() => import('../features/tournaments/UpcomingTournamentsPage'), 'UpcomingTournamentsPage');
const AllTournamentsPage = onDemand(() => import('../features/tournaments/AllTournamentsPage'), 'AllTournamentsPage');
const HallOfFamePage = onDemand(() => import('../features/tournaments/HallOfFamePage'), 'HallOfFamePage');
const TournamentDetailPage = onDemand(() => import('../features/tournaments/detail/TournamentDetailPage'), 'TournamentDetailPage');
const TournamentEntriesPage = onDemand(() => import('../features/tournaments/entries/TournamentEntriesPage'), 'TournamentEntriesPage');
const TournamentTeamPage = onDemand(() => import('../features/tournaments/team/TournamentTeamPage'), 'TournamentTeamPage');
const InvitesPage = onDemand(() => import('../features/invites/InvitesPage'), 'InvitesPage');
const BracketPage = onDemand(() => import('../features/bracket/BracketPage'), 'BracketPage');
const MatchPage = onDemand(() => import('../features/matches/MatchPage'), 'MatchPage');
const AdminMatchesPage = onDemand(() => import('../features/matches/AdminMatchesPage'), 'AdminMatchesPage');
const DisputesPage = onDemand(() => import('../features/admin/queues/MatchQueuePage'), 'DisputesPage');
const IncompletePage = onDemand(() => import('../features/admin/queues/MatchQueuePage'), 'IncompletePage');
const OverduePage = onDemand(() => import('../features/admin/queues/MatchQueuePage'), 'OverduePage');
const SeasonsPage = onDemand(() => import('../features/seasons/SeasonsPage'), 'SeasonsPage');
const SeasonPage = onDemand(() => import('../features/seasons/SeasonPage'), 'SeasonPage');
const SeasonTeamsPage = onDemand(() => import('../features/seasons/SeasonTeamsPage'), 'SeasonTeamsPage');
const AdminSeasonsPage = onDemand(() => import('../features/admin/seasons/AdminSeasonsPage'), 'AdminSeasonsPage');
const AdminUsersPage = onDemand(() => import('../features/admin/users/AdminUsersPage'), 'AdminUsersPage');
const AdminStaffPage = onDemand(() => import('../features/admin/staff/AdminStaffPage'), 'AdminStaffPage');
const DivisionPage = onDemand(() => import('../features/league/DivisionPage'), 'DivisionPage');
const DivisionMatchesPage = onDemand(() => import('../features/league/SeasonMatchesPage'), 'DivisionMatchesPage');
const GroupMatchesPage = onDemand(() => import('../features/league/SeasonMatchesPage'), 'GroupMatchesPage');
const LeagueMatchPage = onDemand(() => import('../features/matches/LeagueMatchPage'), 'LeagueMatchPage');
const TestEloPage = onDemand(() => import('../features/admin/testElo/TestEloPage'), 'TestEloPage');
const AdminTeamsPage = onDemand(() => import('../features/admin/teams/AdminTeamsPage'), 'AdminTeamsPage');
const AdminImagesPage = onDemand(() => import('../features/admin/images/AdminImagesPage'), 'AdminImagesPage');
const AuditLogPage = onDemand(() => import('../features/admin/audit/AuditLogPage'), 'AuditLogPage');
const AdminTransfersPage = onDemand(() => import('../features/admin/transfers/AdminTransfersPage'), 'AdminTransfersPage');

type Access = 'all' | 'user' | Role[];
type Params = Record<string, string | undefined>;
/** The first screen's reads of a route, asked for before its code has arrived (`preloadRoute`). */
type FirstReads = (params: Params) => Promise<unknown>[];

const byId = (param: string | undefined, read: (id: number) => Promise<unknown>[]) => {
  const id = parseId(param);
  return id === null ? [] : read(id);
};

/**
 * The spec's route table (both documents), in matching order: fixed paths before parameters. The embeddable
 * bracket's /embed/… routes belong to a page of their own (embed.html): src/app/EmbedApp.tsx.
 * `access`: 'all', 'user' (any signed-in user) or the roles allowed.
 */
export const ROUTES: { path: string; component: ComponentType & { preload?: () => Promise<unknown> }; access: Access; reads?: FirstReads }[] = [
  { path: '/', component: HomePage, access: 'all', reads: () => [getFeaturedTournament(), getSocialFeed()] },
  { path: '/league', component: LeaguePage, access: 'all' },
  { path: '/support', component: SupportPage, access: 'all' },
  { path: '/payment', component: PaymentPage, access: 'all' },
  { path: '/players', component: PlayerRanksPage, access: 'all', reads: () => [getPage('/user', User, { pageNo: 1, perPage: DEFAULT_PER_PAGE })] },
  { path: '/teams', component: TeamRanksPage, access: 'all' },
  // Fixed sub-paths of /players go above /players/:id.
  { path: '/players/player-cards', component: PlayerCardsPage, access: 'all' },
  // The profile "with no id" (the spec's /players is PLAYER RANKS): see docs/decisions.md, issue 21.
  { path: '/players/me', component: OwnProfileRedirect, access: 'all' },
  { path: '/players/:id', component: PlayerProfilePage, access: 'all' },
  { path: '/players/:id/past-tournaments', component: PastTournamentsPage, access: 'all' },
  { path: '/teams/:id', component: TeamProfilePage, access: 'all', reads: (p) => byId(p.id, (id) => [getTeam(id)]) },
  { path: '/tournaments', component: UpcomingTournamentsPage, access: 'all', reads: () => [getUpcomingTournaments(null)] },
  { path: '/tournaments/all', component: AllTournamentsPage, access: 'all' },
  { path: '/tournaments/hall-of-fame', component: HallOfFamePage, access: 'all' },
  {
    path: '/tournaments/:tournamentId',
    component: BracketPage,
    access: 'all',
    reads: (p) => byId(p.tournamentId, (id) => [getTournament(id), prefetchTournamentBracket(id)]),
  },
  { path: '/tournaments/:tournamentId/details', component: TournamentDetailPage, access: 'all', reads: (p) => byId(p.tournamentId, (id) => [getTournament(id)]) },
  { path: '/tournaments/:tournamentId/entries', component: TournamentEntriesPage, access: 'all' },
  { path: '/tournaments/:tournamentId/match/:matchId', component: MatchPage, access: 'all' },
  { path: '/tournaments/:tournamentId/matches', component: AdminMatchesPage, access: STAFF_ROLES },
  // Fixed sub-paths of a tournament (details, entries, matches, match/:matchId) go above this catch-all team page.
  { path: '/tournaments/:tournamentId/:teamId', component: TournamentTeamPage, access: 'all' },
  { path: '/seasons', component: SeasonsPage, access: 'all' },
  { path: '/seasons/:seasonId', component: SeasonPage, access: 'all', reads: (p) => byId(p.seasonId, (id) => [getSeason(id)]) },
  // Fixed sub-paths of a season go above /seasons/:seasonId/:divisionId.
  { path: '/seasons/:seasonId/teams', component: SeasonTeamsPage, access: STAFF_ROLES },
  { path: '/seasons/:seasonId/:divisionId', component: DivisionPage, access: 'all', reads: (p) => byId(p.divisionId, (id) => [getDivision(id)]) },
  { path: '/division/:divisionId', component: DivisionMatchesPage, access: 'all' },
  { path: '/group/:groupId', component: GroupMatchesPage, access: 'all' },
  { path: '/match/:matchId', component: LeagueMatchPage, access: 'all', reads: (p) => byId(p.matchId, (id) => [getSeasonMatch(id)]) },
  { path: '/invites', component: InvitesPage, access: 'user' },
  { path: '/login', component: LoginPage, access: 'all' },
  { path: '/auth/callback', component: CallbackPage, access: 'all' },
  { path: '/auth/banned', component: BannedPage, access: 'all' },
  { path: '/admin', component: AdminDashboard, access: STAFF_ROLES },
  { path: '/admin/disputes', component: DisputesPage, access: STAFF_ROLES },
  { path: '/admin/incomplete', component: IncompletePage, access: STAFF_ROLES },
  { path: '/admin/overdue', component: OverduePage, access: STAFF_ROLES },
  { path: '/admin/seasons', component: AdminSeasonsPage, access: STAFF_ROLES },
  { path: '/admin/users', component: AdminUsersPage, access: STAFF_ROLES },
  { path: '/admin/staff', component: AdminStaffPage, access: STAFF_ROLES },
  { path: '/admin/test-elo', component: TestEloPage, access: STAFF_ROLES },
  { path: '/admin/teams', component: AdminTeamsPage, access: STAFF_ROLES },
  { path: '/admin/teams/:id', component: AdminTeamsPage, access: STAFF_ROLES },
  { path: '/admin/images', component: AdminImagesPage, access: STAFF_ROLES },
  { path: '/admin/audit', component: AuditLogPage, access: ['OWNER'] },
  { path: '/admin/transfers', component: AdminTransfersPage, access: STAFF_ROLES },
  { path: '/admin/player-cards', component: PlayerCardsPage, access: STAFF_ROLES },
  { path: '/admin/tournaments', component: AdminTournamentsPage, access: STAFF_ROLES },
  { path: '/admin/tournaments/:id/maps', component: MapsAndModesPage, access: STAFF_ROLES },
  { path: '/admin/tournaments/:id/entries', component: DefinedEntriesPage, access: STAFF_ROLES },
];

function guarded({ component: Component, access }: (typeof ROUTES)[number]) {
  if (access === 'all') return Component;
  const roles = access === 'user' ? undefined : access;
  return function GuardedRoute() {
    return (
      <Guard roles={roles}>
        <Component />
      </Guard>
    );
  };
}

const ROUTE_ELEMENTS = ROUTES.map((r) => ({ ...r, element: guarded(r) }));

/** Each route's path as a pattern, matched the way the Switch below matches it. */
const PATTERNS = ROUTES.map((r) => ({ route: r, pattern: routePattern(r.path) }));

/**
 * Starts what the first screen of `pathname` needs, before React renders it: for a public route its first reads (kept
 * by the API client for the screen's own calls), and the screen's code, through `schedule` (a link per chunk: a task of
 * its own at boot). Called once at boot (src/main.tsx), so data and code load side by side instead of the data waiting
 * for the code.
 */
export function preloadRoute(pathname: string, schedule: (work: () => void) => void = (work) => work()): void {
  for (const { route, pattern } of PATTERNS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (route.access === 'all' && route.reads) api.prefetch(() => route.reads!(match.groups ?? {}));
    const preload = route.component.preload;
    if (preload) schedule(() => void preload().catch(() => undefined));
    return;
  }
}

export function AppRoutes() {
  return (
    <Switch>
      {ROUTE_ELEMENTS.map((r) => (
        <Route key={r.path} path={r.path} component={r.element} />
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
