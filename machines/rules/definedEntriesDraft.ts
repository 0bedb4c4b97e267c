import type { DefinedEntries } from '../../src/api/contract/tournament';

/** A name being edited, with a stable key for the view. */
export interface DraftName {
  key: string;
  name: string;
}
export interface DraftTeam extends DraftName {
  members: DraftName[];
}
export interface Draft {
  users: DraftName[];
  teams: DraftTeam[];
}

let nextKey = 1;
export const draftName = (name = ''): DraftName => ({ key: `d${nextKey++}`, name });
export const draftTeam = (name = '', members: string[] = ['']): DraftTeam => ({ ...draftName(name), members: members.map(draftName) });

/** The editor's draft of stored predefined entries. */
export function toDraft(entries: DefinedEntries): Draft {
  return {
    users: entries.definedUsers.map((u) => draftName(u.name)),
    teams: entries.definedTeams.map((t) => draftTeam(t.name, t.definedMembers)),
  };
}

const clean = (names: string[]) => names.map((n) => n.trim()).filter((n) => n !== '');

/** What gets saved: names trimmed; blank players, blank teams and blank members are ignored. */
export function toDefinedEntries(draft: Draft): DefinedEntries {
  return {
    definedUsers: clean(draft.users.map((u) => u.name)).map((name) => ({ name })),
    definedTeams: draft.teams
      .filter((t) => t.name.trim() !== '')
      .map((t) => ({ name: t.name.trim(), definedMembers: clean(t.members.map((m) => m.name)) })),
  };
}

/** Whether the draft would save something other than `saved` (typing a blank row changes nothing). */
export const differs = (draft: Draft, saved: DefinedEntries) => JSON.stringify(toDefinedEntries(draft)) !== JSON.stringify(toDefinedEntries(toDraft(saved)));

export type DraftEdit =
  | { type: 'user.add' }
  | { type: 'user.change'; key: string; name: string }
  | { type: 'user.remove'; key: string }
  | { type: 'team.add' }
  | { type: 'team.change'; key: string; name: string }
  | { type: 'team.remove'; key: string }
  | { type: 'member.add'; teamKey: string }
  | { type: 'member.change'; teamKey: string; key: string; name: string }
  | { type: 'member.remove'; teamKey: string; key: string };

const rename = (list: DraftName[], key: string, name: string) => list.map((n) => (n.key === key ? { ...n, name } : n));

/** Applies one edit of the editor to the draft. */
export function applyEdit(draft: Draft, edit: DraftEdit): Draft {
  const team = (key: string, change: (t: DraftTeam) => DraftTeam) => ({ ...draft, teams: draft.teams.map((t) => (t.key === key ? change(t) : t)) });
  switch (edit.type) {
    case 'user.add':
      return { ...draft, users: [...draft.users, draftName()] };
    case 'user.change':
      return { ...draft, users: rename(draft.users, edit.key, edit.name) };
    case 'user.remove':
      return { ...draft, users: draft.users.filter((u) => u.key !== edit.key) };
    case 'team.add':
      return { ...draft, teams: [...draft.teams, draftTeam()] };
    case 'team.change':
      return team(edit.key, (t) => ({ ...t, name: edit.name }));
    case 'team.remove':
      return { ...draft, teams: draft.teams.filter((t) => t.key !== edit.key) };
    case 'member.add':
      return team(edit.teamKey, (t) => ({ ...t, members: [...t.members, draftName()] }));
    case 'member.change':
      return team(edit.teamKey, (t) => ({ ...t, members: rename(t.members, edit.key, edit.name) as DraftName[] }));
    case 'member.remove':
      return team(edit.teamKey, (t) => ({ ...t, members: t.members.filter((m) => m.key !== edit.key) }));
  }
}
