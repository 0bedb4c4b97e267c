import type { SwitcherooEntries } from '../../src/api/contract/tournament';
import type { SwitcherooTeamsBody } from '../../src/api/contract/switcheroo';

/** A player on the pairing board. */
export interface PairingPlayer {
  userId: number;
  name: string;
  picture: string | null;
  rank: number;
}

export interface PairingTeam {
  /** Stable key for the view (the team id once saved). */
  key: string;
  id: number | null;
  name: string;
  slots: (PairingPlayer | null)[];
}

export interface PairingBoard {
  /** Signed-up players not seated in a team. */
  pool: PairingPlayer[];
  teams: PairingTeam[];
}

/** Where a player can be dropped: a team's slot, or back to the ENTRIES column. */
export type DropTarget = { teamKey: string; slot: number } | 'pool';

export const SLOT_LETTERS = ['A', 'B', 'C', 'D'];

let nextKey = 1;
const newKey = () => `new-${nextKey++}`;

/** An empty team named after its position. */
export function emptyTeam(index: number, slotCount: number): PairingTeam {
  return { key: newKey(), id: null, name: `Team ${index + 1}`, slots: Array.from({ length: slotCount }, () => null) };
}

/**
 * The board from the server's answer, with `slotCount` slots per team. Seats the server names stay where they
 * are; members it could not place fill the first free slots. When no team exists yet, enough empty teams to
 * seat everyone are prepared.
 */
export function boardFrom(data: SwitcherooEntries, slotCount: number): PairingBoard {
  const pool = data.entries.map((e): PairingPlayer => {
    const u = e.users?.[0];
    return { userId: e.userId ?? u?.id ?? e.id, name: e.discordName ?? e.name ?? u?.discordName ?? '', picture: u?.picture ?? null, rank: u?.katanaRank ?? 0 };
  });
  const teams = data.teams.map((team): PairingTeam => {
    const players = new Map(team.users.map((u) => [u.id, { userId: u.id, name: u.discordName, picture: u.picture, rank: u.katanaRank }]));
    const slots: (PairingPlayer | null)[] = Array.from({ length: slotCount }, (_, i) => {
      const id = team.slots[i];
      return id != null ? players.get(id) ?? null : null;
    });
    const seated = new Set(slots.filter(Boolean).map((p) => p!.userId));
    for (const p of players.values()) {
      const free = slots.indexOf(null);
      if (!seated.has(p.userId) && free >= 0) slots[free] = p;
    }
    return { key: `team-${team.id}`, id: team.id, name: team.name, slots };
  });
  if (teams.length === 0) {
    const needed = Math.ceil(pool.length / slotCount);
    for (let i = 0; i < needed; i++) teams.push(emptyTeam(i, slotCount));
  }
  return { pool, teams };
}

const playerIn = (board: PairingBoard, userId: number): PairingPlayer | undefined =>
  board.pool.find((p) => p.userId === userId) ?? board.teams.flatMap((t) => t.slots).find((p) => p?.userId === userId) ?? undefined;

/** Whether `target` can take a player: the pool always, a slot only while it is empty. */
export function isFree(board: PairingBoard, target: DropTarget): boolean {
  if (target === 'pool') return true;
  const team = board.teams.find((t) => t.key === target.teamKey);
  return !!team && target.slot >= 0 && target.slot < team.slots.length && team.slots[target.slot] === null;
}

/** Moves a player to `target`. A drop on an occupied slot changes nothing. */
export function movePlayer(board: PairingBoard, userId: number, target: DropTarget): PairingBoard {
  const player = playerIn(board, userId);
  if (!player || !isFree(board, target)) return board;
  const pool = board.pool.filter((p) => p.userId !== userId);
  const teams = board.teams.map((t) => ({
    ...t,
    slots: t.slots.map((p, i) =>
      target !== 'pool' && t.key === target.teamKey && i === target.slot ? player : p?.userId === userId ? null : p,
    ),
  }));
  return { pool: target === 'pool' ? [...pool, player] : pool, teams };
}

/** Removes a team; its players go back to the ENTRIES column. */
export function removeTeam(board: PairingBoard, key: string): PairingBoard {
  const team = board.teams.find((t) => t.key === key);
  if (!team) return board;
  return { pool: [...board.pool, ...team.slots.filter((p): p is PairingPlayer => p !== null)], teams: board.teams.filter((t) => t !== team) };
}

export const renameTeam = (board: PairingBoard, key: string, name: string): PairingBoard => ({
  ...board,
  teams: board.teams.map((t) => (t.key === key ? { ...t, name } : t)),
});

/** The save body: every team with its players by slot. */
export function toSaveBody(board: PairingBoard): SwitcherooTeamsBody {
  return {
    teams: board.teams.map((t) => ({ ...(t.id ? { id: t.id } : {}), name: t.name.trim(), slots: t.slots.map((p) => p?.userId ?? null) })),
  };
}
