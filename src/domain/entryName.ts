import type { Entry } from '../api/contract/tournament';

/** Players carry discordName; teams and predefined entries carry name. */
export const entryName = (e: Entry) => e.discordName ?? e.name ?? '';
