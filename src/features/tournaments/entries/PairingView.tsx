import type { Tournament } from '../../../api/contract/tournament';
import { PairingScreen } from '../../admin/tournaments/PairingScreen';

/** ADMIN/OWNER, CLOSED SWITCHEROO: the pairing screen (sign-ups dragged into team slots). */
export function PairingView({ tournament }: { tournament: Tournament }) {
  return (
    <section aria-label="Pairing">
      <PairingScreen tournament={tournament} />
    </section>
  );
}
