import { divisionBracketMachine } from '../../../machines/flows/divisionBracketMachine';
import { useMachineWith } from '../../ui/useMachineWith';
import { EmptyPlayoffs } from '../../shared/bracket/EmptyBracket';
import type { EmbedPageProps } from './EmbedTournamentPage';
import { EmbedView } from './EmbedView';

/** /embed/division/{id}: a league division's playoff bracket alone, live. */
export function EmbedDivisionPage({ id, options, hints }: EmbedPageProps) {
  const [snapshot, send] = useMachineWith(divisionBracketMachine, { input: { divisionId: id } });
  const { division, view, error } = snapshot.context;
  return (
    <EmbedView
      error={snapshot.matches('failed') ? error : null}
      onRetry={() => send({ type: 'division.retry' })}
      empty={division && view.length === 0 ? <EmptyPlayoffs /> : null}
      matches={view}
      loading={division === null}
      title={division?.name ?? null}
      matchUrl={(match) => `/match/${match}`}
      options={options}
      hints={hints}
    />
  );
}
