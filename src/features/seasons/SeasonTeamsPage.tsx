import { createColumnHelper } from '@tanstack/react-table';
import { useParams } from 'wouter';
import { SeasonTeam, type Season } from '../../api/contract/season';
import { getSeason, seasonTeamsEndpoint } from '../../api/endpoints/seasons';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { NotFound } from '../../ui/NotFound/NotFound';
import { PagedTable } from '../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../ui/routeParams';
import { teamRecordColumns } from '../../shared/teams/teamRecordColumns';
import { SeasonTeamOptions } from './SeasonTeamOptions';

const column = createColumnHelper<SeasonTeam>();

function SeasonTeams({ season }: { season: Season }) {
  const list = usePagedList(seasonTeamsEndpoint(season.id), SeasonTeam, { perPage: 10 });
  const columns = [
    ...teamRecordColumns<SeasonTeam>(),
    column.display({ id: 'options', header: 'OPTIONS', cell: ({ row }) => <SeasonTeamOptions season={season} team={row.original} onChanged={list.reload} /> }),
  ];
  return (
    <>
      <PageTitle documentTitle={`${season.name} teams`}>{`${season.name}: Teams`}</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search Teams" showTotal getRowId={(t) => String(t.id)} />
    </>
  );
}

/** /seasons/{seasonId}/teams (staff): the season's teams with VIEW and the refund and remove options. */
export function SeasonTeamsPage() {
  const id = parseId(useParams<{ seasonId: string }>().seasonId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<Season | null> key={id} load={orNotFound(() => getSeason(id))}>
      {(season) => (season ? <SeasonTeams season={season} /> : <NotFound />)}
    </DataLoader>
  );
}
