import { Anchor, Stack } from '@mantine/core';
import { Link } from 'wouter';
import type { TemporaryTeamDetail } from '../../../api/contract/team';
import { TeamHeader } from '../../../shared/teams/TeamHeader';
import { TeamRoster } from '../../../shared/teams/TeamRoster';
import { TeamPageActions } from './TeamPageActions';

interface TournamentTeamProps {
  team: TemporaryTeamDetail;
  reload: () => void;
}

/** Logo, name, the tournament (links to its details), wins, losses, the roster and the team's actions. */
export function TournamentTeam({ team, reload }: TournamentTeamProps) {
  return (
    <Stack gap="xl">
      <title>{`${team.name} · ${team.tournament.title} · Clutch`}</title>
      <TeamHeader
        name={team.name}
        logoUrl={team.logoUrl}
        subtitle={
          <Anchor component={Link} href={`/tournaments/${team.tournament.id}/details`} fw={600}>
            {team.tournament.title}
          </Anchor>
        }
        actions={<TeamPageActions team={team} reload={reload} />}
        stats={[
          { label: 'Wins', value: team.wins },
          { label: 'Losses', value: team.losses },
        ]}
      />
      <TeamRoster users={team.users} substitutes={team.tournament.tournamentType === 'SWITCHEROO' ? team.freeSubstitutes : []} />
    </Stack>
  );
}
