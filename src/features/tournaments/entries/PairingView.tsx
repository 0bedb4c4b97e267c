import type { Tournament } from '../../../api/contract/tournament';
import { PairingScreen } from '../../../shared/pairing/PairingScreen';

/** ADMIN/OWNER, CLOSED SWITCHEROO: the pairing screen (sign-ups dragged into team slots). */
export function PairingView({ tournament }: { tournament: Tournament }) {
  return (
    <section aria-label="Pairing">
      <PairingScreen tournament={tournament} />
    </section>
  );
}
