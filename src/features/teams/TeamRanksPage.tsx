import { Anchor, Avatar, Group } from '@mantine/core';
import { Link } from 'wouter';
import { TeamSummary } from '../../api/contract/team';
import { PagedTable } from '../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { teamRecordColumns } from '../../shared/teams/teamRecordColumns';

const columns = teamRecordColumns<TeamSummary>({
  name: (team) => (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={team.logoUrl} alt="" radius="sm" size="sm">
        {team.name.slice(0, 1)}
      </Avatar>
      <Anchor component={Link} href={`/teams/${team.id}`} fw={600}>
        {team.name}
      </Anchor>
    </Group>
  ),
});

/** TEAM RANKS: paged and searchable. */
export function TeamRanksPage() {
  const list = usePagedList('/team', TeamSummary);
  return (
    <>
      <PageTitle documentTitle="Team Ranks">TEAM RANKS</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search teams" getRowId={(t) => String(t.id)} />
    </>
  );
}
