import { array, nullable, object, optional, size, type Infer } from 'superstruct';
import { Id, NonBlank } from './common';

/**
 * POST /v1/tournament/{id}/switcheroo/teams (ADMIN/OWNER, CLOSED SWITCHEROO): saves the whole pairing board.
 * Each team lists its slots top to bottom (A, B, ...) with the user id seated there or null for a free slot.
 * Teams sent with an `id` are updated, teams without one are created, and existing teams left out are removed;
 * a team with no player is dropped. Answers the board as GET .../entries/switcheroo does.
 */
export const SwitcherooTeamsBody = object({
  teams: array(
    object({
      id: optional(nullable(Id)),
      name: size(NonBlank, 1, 40),
      slots: size(array(nullable(Id)), 1, 4),
    }),
  ),
});
export type SwitcherooTeamsBody = Infer<typeof SwitcherooTeamsBody>;
