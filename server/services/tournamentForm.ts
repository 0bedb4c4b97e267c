import type { DefinedEntries } from '../db/schema';
import { tournaments } from '../db/schema';
import { badRequest } from '../http/errors';
import { parse } from '../http/validate';
import { TournamentCreate, URL_PATTERN } from '../../src/api/contract/tournament';
import {
  GAMES,
  SWITCHEROO_SIGNUP_LIMITS,
  TEAM_LIMITS,
  DEFAULT_SIGNUP_LIMIT,
  DEFAULT_TEAM_LIMIT,
  DEFAULT_SWITCHEROO_TYPE,
  type Game,
  type TournamentType,
} from '../../src/domain/constants';
import { ERRORS, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { teamSize } from '../../src/domain/tournamentRules';
import { DAY_MS } from '../../src/domain/durations';

/* The admin tournament form and query parameters: parsing and validation with the spec's messages, no database. */

/** Sign-up limits a TOURNAMENT (not SWITCHEROO) may have; the form does not offer the field, so 16 is the usual value. */
const TOURNAMENT_SIGNUP_LIMIT = { min: 2, max: 4096 } as const;
const MAX_ENTRY_FEE_EUROS = 10_000;
export const MAX_DEFINED_ENTRIES = 4096;

type CreateInput = Omit<TournamentCreate, 'entryFee'> & { entryFee: number };

/** The spec's message per form field; "rules" says "Please input a valid url" once something was typed. */
export function formMessages(body: unknown): Record<string, string> {
  const b = (body ?? {}) as Record<string, unknown>;
  const { rulesUrl, ...messages } = VALIDATION.tournament;
  const rules = typeof b.rules === 'string' && b.rules.trim() !== '' && !URL_PATTERN.test(b.rules.trim()) ? rulesUrl : messages.rules;
  return { ...messages, rules, mapsAndModes: ERRORS.mapsUndefined.message };
}

function checkEntryFee(body: unknown) {
  const fee = (body as Record<string, unknown> | null)?.entryFee;
  if (typeof fee !== 'number' || !Number.isFinite(fee)) return;
  if (fee < 0) throw badRequest(TOURNAMENT_ERRORS.entryFeeNegative);
  if (fee > MAX_ENTRY_FEE_EUROS) throw badRequest(TOURNAMENT_ERRORS.entryFeeTooHigh);
}

export function checkSignUpLimit(type: TournamentType, limit: number) {
  const ok =
    type === 'SWITCHEROO'
      ? (SWITCHEROO_SIGNUP_LIMITS as readonly number[]).includes(limit)
      : limit >= TOURNAMENT_SIGNUP_LIMIT.min && limit <= TOURNAMENT_SIGNUP_LIMIT.max;
  if (!ok) throw badRequest(VALIDATION.tournament.signUpLimit);
}

export function checkDates(d: { startDate: number; endDate: number; signUpClose: number }) {
  if (d.endDate < d.startDate) throw badRequest(TOURNAMENT_ERRORS.endBeforeStart);
  if (d.signUpClose > d.startDate + DAY_MS) throw badRequest(TOURNAMENT_ERRORS.signUpCloseTooLate);
}

/** Validates the create form with the spec's messages and applies the defaults (16, 1, SINGLES). */
export function parseTournamentCreate(body: unknown) {
  checkEntryFee(body);
  const input: CreateInput = parse(TournamentCreate, body, formMessages(body));
  const switcherooType = input.switcherooType ?? DEFAULT_SWITCHEROO_TYPE;
  const signUpLimit = input.signUpLimit ?? DEFAULT_SIGNUP_LIMIT;
  checkSignUpLimit(input.tournamentType, signUpLimit);
  let teamLimit = input.teamLimit ?? DEFAULT_TEAM_LIMIT;
  if (input.tournamentType === 'TOURNAMENT') {
    if (!(TEAM_LIMITS as readonly number[]).includes(teamLimit)) throw badRequest(VALIDATION.tournament.teamLimit);
  } else {
    // A SWITCHEROO is played by paired teams; teamLimit records their size so "teamLimit > 1" means "a team won".
    teamLimit = teamSize({ tournamentType: 'SWITCHEROO', switcherooType, teamLimit });
  }
  checkDates(input);
  return {
    title: input.title.trim(),
    subTitle: input.subTitle.trim(),
    description: input.description.trim(),
    entryFeeCents: Math.round(input.entryFee * 100),
    startDate: input.startDate,
    startTime: input.startTime,
    endDate: input.endDate,
    signUpClose: input.signUpClose,
    tournamentType: input.tournamentType,
    switcherooType,
    signUpLimit,
    teamLimit,
    rules: input.rules.trim(),
    prizePoolInfo: input.prizePoolInfo.trim(),
    host: input.host.trim(),
    game: input.game,
    platforms: [...new Set(input.platforms)],
    featured: input.featured ?? false,
    allowSignups: input.allowSignups ?? true,
    allowScoreSubmission: input.allowScoreSubmission ?? true,
  } satisfies typeof tournaments.$inferInsert;
}

/** Trimmed predefined entries without blank names. */
export function cleanDefinedEntries(entries: DefinedEntries): DefinedEntries {
  return {
    definedUsers: entries.definedUsers.map((u) => ({ name: u.name.trim() })).filter((u) => u.name !== ''),
    definedTeams: entries.definedTeams
      .map((t) => ({ name: t.name.trim(), definedMembers: t.definedMembers.map((m) => m.trim()).filter((m) => m !== '') }))
      .filter((t) => t.name !== ''),
  };
}

export const FORM_FIELDS = [
  'title',
  'subTitle',
  'description',
  'startDate',
  'startTime',
  'endDate',
  'signUpClose',
  'signUpLimit',
  'rules',
  'prizePoolInfo',
  'host',
  'game',
  'platforms',
  'featured',
  'allowSignups',
  'allowScoreSubmission',
] as const;

/** `?game=` of the upcoming list, validated against the fixed list. */
export function gameQuery(value: unknown): Game | undefined {
  if (value === undefined || value === '' || value === 'ALL') return undefined;
  if (typeof value !== 'string' || !(GAMES as readonly string[]).includes(value)) throw badRequest(TOURNAMENT_ERRORS.invalidGame);
  return value as Game;
}
