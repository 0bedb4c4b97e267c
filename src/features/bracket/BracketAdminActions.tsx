import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { ResetBracketButton } from '../../shared/bracket/ResetBracket';

interface BracketAdminActionsProps {
  tournamentId: number;
  canReset: boolean;
  resetting: boolean;
  onReset: () => void;
}

/** Staff actions beside the bracket's title: Show all matches and Reset Bracket. */
export function BracketAdminActions({ tournamentId, canReset, resetting, onReset }: BracketAdminActionsProps) {
  return (
    <>
      <Button component={Link} href={`/tournaments/${tournamentId}/matches`} variant="default">
        Show all matches
      </Button>
      <ResetBracketButton canReset={canReset} resetting={resetting} onReset={onReset} />
    </>
  );
}
