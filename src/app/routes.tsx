import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '../domain/constants';
import { Guard } from './Guard';
import { NotFound } from '../ui/NotFound/NotFound';
import { STAFF_ROLES } from '../ui/session';
import { LoginPage } from '../features/auth/LoginPage';
import { CallbackPage } from '../features/auth/CallbackPage';
import { BannedPage } from '../features/auth/BannedPage';
import { HomePage } from '../features/home/HomePage';
import { LeaguePage } from '../features/league/LeaguePage';
import { SupportPage } from '../features/support/SupportPage';
import { PaymentPage } from '../features/payment/PaymentPage';
import { PlayerRanksPage } from '../features/players/PlayerRanksPage';
import { TeamRanksPage } from '../features/teams/TeamRanksPage';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { AdminTournamentsPage } from '../features/admin/tournaments/AdminTournamentsPage';
import { MapsAndModesPage } from '../features/admin/tournaments/MapsAndModesPage';
import { DefinedEntriesPage } from '../features/admin/tournaments/DefinedEntriesPage';
import { UpcomingTournamentsPage } from '../features/tournaments/UpcomingTournamentsPage';
import { AllTournamentsPage } from '../features/tournaments/AllTournamentsPage';
import { HallOfFamePage } from '../features/tournaments/HallOfFamePage';
import { TournamentDetailPage } from '../features/tournaments/detail/TournamentDetailPage';
import { TournamentEntriesPage } from '../features/tournaments/entries/TournamentEntriesPage';
import { TournamentTeamPage } from '../features/tournaments/team/TournamentTeamPage';
import { InvitesPage } from '../features/invites/InvitesPage';
import { BracketPage } from '../features/bracket/BracketPage';
import { MatchPage } from '../features/matches/MatchPage';
import { AdminMatchesPage } from '../features/matches/AdminMatchesPage';
import { DisputesPage, IncompletePage, OverduePage } from '../features/admin/queues/MatchQueuePage';
import { SeasonsPage } from '../features/seasons/SeasonsPage';
import { SeasonPage } from '../features/seasons/SeasonPage';
import { SeasonTeamsPage } from '../features/seasons/SeasonTeamsPage';
import { AdminSeasonsPage } from '../features/admin/seasons/AdminSeasonsPage';
import { DivisionPage } from '../features/league/DivisionPage';
import { DivisionMatchesPage, GroupMatchesPage } from '../features/league/SeasonMatchesPage';
import { LeagueMatchPage } from '../features/matches/LeagueMatchPage';
import { TestEloPage } from '../features/admin/testElo/TestEloPage';

type Access = 'all' | 'user' | Role[];

/**
 * The spec's route table (both documents), in matching order: fixed paths before parameters.
 * `access`: 'all', 'user' (any signed-in user) or the roles allowed.
 */
export const ROUTES: { path: string; component: ComponentType; access: Access }[] = [
  { path: '/', component: HomePage, access: 'all' },
  { path: '/league', component: LeaguePage, access: 'all' },
  { path: '/support', component: SupportPage, access: 'all' },
  { path: '/payment', component: PaymentPage, access: 'all' },
  { path: '/players', component: PlayerRanksPage, access: 'all' },
  { path: '/teams', component: TeamRanksPage, access: 'all' },
  { path: '/tournaments', component: UpcomingTournamentsPage, access: 'all' },
  { path: '/tournaments/all', component: AllTournamentsPage, access: 'all' },
  { path: '/tournaments/hall-of-fame', component: HallOfFamePage, access: 'all' },
  { path: '/tournaments/:tournamentId', component: BracketPage, access: 'all' },
  { path: '/tournaments/:tournamentId/details', component: TournamentDetailPage, access: 'all' },
  { path: '/tournaments/:tournamentId/entries', component: TournamentEntriesPage, access: 'all' },
  { path: '/tournaments/:tournamentId/match/:matchId', component: MatchPage, access: 'all' },
  { path: '/tournaments/:tournamentId/matches', component: AdminMatchesPage, access: STAFF_ROLES },
  // Fixed sub-paths of a tournament (details, entries, matches, match/:matchId) go above this catch-all team page.
  { path: '/tournaments/:tournamentId/:teamId', component: TournamentTeamPage, access: 'all' },
  { path: '/seasons', component: SeasonsPage, access: 'all' },
  { path: '/seasons/:seasonId', component: SeasonPage, access: 'all' },
  // Fixed sub-paths of a season go above /seasons/:seasonId/:divisionId.
  { path: '/seasons/:seasonId/teams', component: SeasonTeamsPage, access: STAFF_ROLES },
  { path: '/seasons/:seasonId/:divisionId', component: DivisionPage, access: 'all' },
  { path: '/division/:divisionId', component: DivisionMatchesPage, access: 'all' },
  { path: '/group/:groupId', component: GroupMatchesPage, access: 'all' },
  { path: '/match/:matchId', component: LeagueMatchPage, access: 'all' },
  { path: '/invites', component: InvitesPage, access: 'user' },
  { path: '/login', component: LoginPage, access: 'all' },
  { path: '/auth/callback', component: CallbackPage, access: 'all' },
  { path: '/auth/banned', component: BannedPage, access: 'all' },
  { path: '/admin', component: AdminDashboard, access: STAFF_ROLES },
  { path: '/admin/disputes', component: DisputesPage, access: STAFF_ROLES },
  { path: '/admin/incomplete', component: IncompletePage, access: STAFF_ROLES },
  { path: '/admin/overdue', component: OverduePage, access: STAFF_ROLES },
  { path: '/admin/seasons', component: AdminSeasonsPage, access: STAFF_ROLES },
  { path: '/admin/test-elo', component: TestEloPage, access: STAFF_ROLES },
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

export function AppRoutes() {
  return (
    <Switch>
      {ROUTE_ELEMENTS.map((r) => (
        <Route key={r.path} path={r.path} component={r.element} />
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}
