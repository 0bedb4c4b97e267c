/** Why a bracket operation was refused; lets the server pick a status without parsing messages. */
export type BracketErrorCode =
  /** No match has this number (404). */
  | 'no-such-match'
  /** The match is Grand Final 2 while it is not needed (409). */
  | 'void'
  /** The match already has a result; an admin overwrite is needed (409). */
  | 'decided'
  /** One or both entrants are not known yet, or one side is a bye (409). */
  | 'not-ready'
  /** The winner is not 'A' or 'B' (400). */
  | 'bad-side';

/** A bracket operation that the current bracket state does not allow. */
export class BracketError extends Error {
  readonly code: BracketErrorCode;

  constructor(code: BracketErrorCode, message: string) {
    super(message);
    this.name = 'BracketError';
    this.code = code;
  }
}
