import type { DefinedEntries } from '../db/schema';
import { tournaments } from '../db/schema';
import { badRequest } from '../http/errors';
import { input } from '../http/route';
import { TournamentCreate, TournamentPatch, URL_PATTERN } from '../../src/api/contract/tournament';
import {
  SWITCHEROO_SIGNUP_LIMITS,
  TEAM_LIMITS,
  DEFAULT_SIGNUP_LIMIT,
  DEFAULT_TEAM_LIMIT,
  DEFAULT_SWITCHEROO_TYPE,
  type TournamentType,
} from '../../src/domain/constants';
import { ERRORS, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { teamSize } from '../../src/domain/tournamentRules';

/* The admin tournament form and query parameters: parsing and validation with the spec's messages, no database. */

export const DAY = 86_400_000;
/** Sign-up limits a TOURNAMENT (not SWITCHEROO) may have; the form does not offer the field, so 16 is the usual value. */
const TOURNAMENT_SIGNUP_LIMIT = { min: 2, max: 4096 } as const;
const MAX_ENTRY_FEE_EUROS = 10_000;
export const MAX_DEFINED_ENTRIES = 4096;

type CreateInput = Omit<TournamentCreate, 'entryFee'> & { entryFee: number };

/** The spec's message per form field; "rules" says "Please input a valid url" once something was typed. */
function formMessages(b: Record<string, unknown>): Record<string, string> {
  const { rulesUrl, ...messages } = VALIDATION.tournament;
  const rules = typeof b.rules === 'string' && b.rules.trim() !== '' && !URL_PATTERN.test(b.rules.trim()) ? rulesUrl : messages.rules;
  return { ...messages, rules, mapsAndModes: ERRORS.mapsUndefined.message };
}

/** A fee out of range has its own message, before the form's "enter an entry fee". */
function checkEntryFee(body: Record<string, unknown>) {
  const fee = body.entryFee;
  if (typeof fee !== 'number' || !Number.isFinite(fee)) return body;
  if (fee < 0) throw badRequest(TOURNAMENT_ERRORS.entryFeeNegative);
  if (fee > MAX_ENTRY_FEE_EUROS) throw badRequest(TOURNAMENT_ERRORS.entryFeeTooHigh);
  return body;
}

/** The body of POST /v1/tournament with the spec's messages (server/http/route.ts). */
export const tournamentCreateInput = input(TournamentCreate, { messages: formMessages, prepare: checkEntryFee });
/** The body of PATCH /v1/tournament/{id} with the spec's messages. */
export const tournamentPatchInput = input(TournamentPatch, { messages: formMessages });

export function checkSignUpLimit(type: TournamentType, limit: number) {
  const ok =
    type === 'SWITCHEROO'
      ? (SWITCHEROO_SIGNUP_LIMITS as readonly number[]).includes(limit)
      : limit >= TOURNAMENT_SIGNUP_LIMIT.min && limit <= TOURNAMENT_SIGNUP_LIMIT.max;
  if (!ok) throw badRequest(VALIDATION.tournament.signUpLimit);
}

export function checkDates(d: { startDate: number; endDate: number; signUpClose: number }) {
  if (d.endDate < d.startDate) throw badRequest(TOURNAMENT_ERRORS.endBeforeStart);
  if (d.signUpClose > d.startDate + DAY) throw badRequest(TOURNAMENT_ERRORS.signUpCloseTooLate);
}

/** The create form's values checked across fields, with the defaults applied (16, 1, SINGLES). */
export function tournamentValues(form: TournamentCreate) {
  const input = form as CreateInput;
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

