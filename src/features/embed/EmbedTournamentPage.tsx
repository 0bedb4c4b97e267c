import { bracketPageMachine } from '../../../machines/flows/bracketPageMachine';
import { useMachineWith } from '../../ui/useMachineWith';
import { EmptyBracket } from '../../shared/bracket/EmptyBracket';
import type { EmbedOptions } from '../../shared/embed/embedOptions';
import { EmbedView } from './EmbedView';

export interface EmbedPageProps {
  id: number;
  options: EmbedOptions;
  hints: readonly string[];
}

/** /embed/tournaments/{id}: a tournament's bracket alone, live (the bracket page's machine, without staff actions). */
export function EmbedTournamentPage({ id, options, hints }: EmbedPageProps) {
  const [snapshot, send] = useMachineWith(bracketPageMachine, {
    input: { tournamentId: id, isStaff: false },
    actions: { reportError: (_, { error }) => console.error(error) },
  });
  const { tournament, view, error } = snapshot.context;
  return (
    <EmbedView
      error={snapshot.matches('failed') ? error : null}
      onRetry={() => send({ type: 'bracket.retry' })}
      empty={tournament && view.length === 0 ? <EmptyBracket status={tournament.status} /> : null}
      matches={view}
      loading={tournament === null}
      title={tournament?.title ?? null}
      matchUrl={(match) => `/tournaments/${id}/match/${match}`}
      options={options}
      hints={hints}
    />
  );
}
