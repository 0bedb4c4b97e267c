import {
  AVATAR_X,
  CARD_HEIGHT,
  CARD_WIDTH,
  COLUMN_GAP,
  NAME_MAX_WIDTH,
  NAME_X,
  NUMBER_WIDTH,
  ROW_HEIGHT,
  SCORE_WIDTH,
  STRIPE_WIDTH,
} from '../metrics';
import type { ViewEntry, ViewMatch } from '../model';
import { overBackground, PALETTE, rgba } from './palette';
import type { FlatWriter } from './QuadWriter';

/*
 * The shapes of a card, drawn at every zoom: background, number cell, a status stripe and a
 * score box per side (green winner, red loser), a divider and, while text is hidden, "greeked"
 * bars standing for the names. A card is stored as 12 bytes (x, y, packed status) and expanded
 * into quads only while it is on screen.
 */

/** Status of one side (the `sideA` / `sideB` fields of the status word). */
export const SIDE_PENDING = 0;
export const SIDE_WIN = 1;
export const SIDE_LOSE = 2;
export const SIDE_BYE = 3;
export const SIDE_UNKNOWN = 4;
/** Card flags (the `flags` field). */
export const CARD_READY = 1;
export const CARD_EMPTY = 2;

/** A field of the card status word: `width` bits from bit `shift`. */
export interface StatusField {
  readonly shift: number;
  readonly width: number;
}

/**
 * The card status word: everything the shapes of a card depend on, in one u32 per card
 * (`BracketRenderer` keeps one per card, computed when the card is first drawn).
 *
 * | bits  | field    | what                                                                 |
 * |-------|----------|----------------------------------------------------------------------|
 * | 0–2   | `sideA`  | side A: SIDE_PENDING, SIDE_WIN, SIDE_LOSE, SIDE_BYE, SIDE_UNKNOWN     |
 * | 3–5   | `sideB`  | side B, the same values                                              |
 * | 6–7   | `flags`  | CARD_READY (ready to play: blue number cell), CARD_EMPTY (bye v bye)  |
 * | 8–14  | –        | free                                                                 |
 * | 15    | `known`  | set on every computed word, so that 0 means "not computed yet"        |
 * | 16–23 | `greekA` | length of side A's greeked name bar, world units (0–255)             |
 * | 24–31 | `greekB` | the same for side B                                                  |
 *
 * `CARD_FIELDS_FREE` lists the free bits; a unit test checks that the fields neither overlap
 * nor leave the 32 bits, so a new field goes here, in a free range, and nowhere else.
 */
export const CARD_FIELDS = {
  sideA: { shift: 0, width: 3 },
  sideB: { shift: 3, width: 3 },
  flags: { shift: 6, width: 2 },
  known: { shift: 15, width: 1 },
  greekA: { shift: 16, width: 8 },
  greekB: { shift: 24, width: 8 },
} as const satisfies Record<string, StatusField>;

export type CardField = keyof typeof CARD_FIELDS;

/** Bits of the status word no field uses. */
export const CARD_FIELDS_FREE = { shift: 8, width: 7 } as const satisfies StatusField;

/** The value of `field` in status word `info`. */
export function cardField(info: number, field: CardField): number {
  const f = CARD_FIELDS[field];
  return (info >>> f.shift) & ((1 << f.width) - 1);
}

/** `value` (cut to the field's width) in its place in a status word; OR the parts together. */
export function cardBits(field: CardField, value: number): number {
  const f = CARD_FIELDS[field];
  return ((value & ((1 << f.width) - 1)) << f.shift) >>> 0;
}

function sideStatus(e: ViewEntry, side: 'A' | 'B', winner: 'A' | 'B' | null): number {
  if (e.bye) return SIDE_BYE;
  if (e.unknown) return SIDE_UNKNOWN;
  if (winner === null) return SIDE_PENDING;
  return winner === side ? SIDE_WIN : SIDE_LOSE;
}

function greekLength(e: ViewEntry): number {
  const name = Math.min(NAME_MAX_WIDTH, e.label.length * 7.2);
  return Math.min(255, NAME_X - AVATAR_X + name);
}

export function isReady(m: ViewMatch): boolean {
  return m.winner === null && !m.a.bye && !m.b.bye && !m.a.unknown && !m.b.unknown;
}

/** The status word of a match's card (see CARD_FIELDS), `known` set. */
export function cardInfo(m: ViewMatch): number {
  // Called for every card that comes into view: no temporary objects.
  return (
    (cardBits('sideA', sideStatus(m.a, 'A', m.winner)) |
      cardBits('sideB', sideStatus(m.b, 'B', m.winner)) |
      cardBits('flags', (isReady(m) ? CARD_READY : 0) | (m.a.bye && m.b.bye ? CARD_EMPTY : 0)) |
      cardBits('known', 1) |
      cardBits('greekA', Math.round(greekLength(m.a))) |
      cardBits('greekB', Math.round(greekLength(m.b)))) >>>
    0
  );
}

/** Packed colours of the parts; a dimmed card (bye against bye) is pre-mixed with the background so it stays opaque. */
function colours(alpha: number) {
  const c = (color: number) => rgba(overBackground(color, alpha));
  return {
    card: c(PALETTE.card),
    cardEmpty: rgba(PALETTE.cardEmpty),
    number: c(PALETTE.numberCell),
    numberReady: c(PALETTE.numberCellReady),
    divider: c(PALETTE.divider),
    stripe: [c(PALETTE.stripePending), c(PALETTE.win), c(PALETTE.lose), c(PALETTE.card), c(PALETTE.card)],
    score: [c(PALETTE.scorePending), c(PALETTE.win), c(PALETTE.lose), c(PALETTE.scorePending), c(PALETTE.scorePending)],
    greek: [c(PALETTE.greek), c(PALETTE.greek), c(PALETTE.greekDim), c(PALETTE.greekDim), c(PALETTE.greekDim)],
  };
}
const FULL = colours(1);
const DIM = colours(0.55);

/** How much of a card to draw: a few blocks when far away, every part up close. */
export const DETAIL_BLOCKS = 0;
export const DETAIL_GREEK = 1;
export const DETAIL_TEXT = 2;

/**
 * Writes the quads of a card whose top-left corner is (x, y): at DETAIL_BLOCKS a body and the
 * two score boxes (stripes and dividers would be under a pixel); at DETAIL_GREEK every part and
 * bars standing for the names; at DETAIL_TEXT every part, the text being drawn over it.
 */
export function writeCardShapes(w: FlatWriter, x: number, y: number, info: number, detail: number): void {
  const sa = cardField(info, 'sideA');
  const sb = cardField(info, 'sideB');
  const flags = cardField(info, 'flags');
  const c = flags & CARD_EMPTY ? DIM : FULL;
  const right = x + CARD_WIDTH;
  const mid = y + ROW_HEIGHT;
  const bottom = y + CARD_HEIGHT;
  const nx = x + NUMBER_WIDTH;
  const body = flags & CARD_EMPTY ? c.cardEmpty : c.card;
  if (detail === DETAIL_BLOCKS) {
    w.rect(flags & CARD_READY ? nx : x, y, right - SCORE_WIDTH, bottom, body);
    if (flags & CARD_READY) w.rect(x, y, nx, bottom, c.numberReady);
    w.rect(right - SCORE_WIDTH, y, right, mid, c.score[sa]);
    w.rect(right - SCORE_WIDTH, mid, right, bottom, c.score[sb]);
    return;
  }
  // Parts do not overlap (less to fill): number cell | stripes | body | score boxes.
  w.rect(nx + STRIPE_WIDTH, y, right - SCORE_WIDTH, bottom, body);
  w.rect(x, y, nx, bottom, flags & CARD_READY ? c.numberReady : c.number);
  w.rect(nx, y, nx + STRIPE_WIDTH, mid, c.stripe[sa]);
  w.rect(nx, mid, nx + STRIPE_WIDTH, bottom, c.stripe[sb]);
  w.rect(right - SCORE_WIDTH, y, right, mid, c.score[sa]);
  w.rect(right - SCORE_WIDTH, mid, right, bottom, c.score[sb]);
  w.rect(nx + STRIPE_WIDTH, mid - 0.5, right - SCORE_WIDTH, mid + 0.5, c.divider);
  if (detail === DETAIL_TEXT) return;
  const ga = cardField(info, 'greekA');
  const gb = cardField(info, 'greekB');
  const gx = x + AVATAR_X;
  w.rect(gx, y + ROW_HEIGHT / 2 - 3.5, gx + ga, y + ROW_HEIGHT / 2 + 3.5, c.greek[sa]);
  w.rect(gx, mid + ROW_HEIGHT / 2 - 3.5, gx + gb, mid + ROW_HEIGHT / 2 + 3.5, c.greek[sb]);
}

/** Elbow connector from the right edge of a source card (x0, y0) to the left edge of its destination (x1, y1). */
export function writeElbow(w: FlatWriter, x0: number, y0: number, x1: number, y1: number, color: number): void {
  const xm = x1 - COLUMN_GAP / 2;
  w.line(x0, y0, xm, y0, color);
  if (y0 !== y1) w.line(xm, y0, xm, y1, color);
  w.line(xm, y1, x1, y1, color);
}

/**
 * The connectors into one card, from one or two sources (x0 and y0a / y0b: right edges of the
 * sources), sharing their vertical and the stub into the card: 4 quads for a pair instead of 6.
 */
export function writeJoin(w: FlatWriter, x0: number, y0a: number, y0b: number, x1: number, y1: number, color: number): void {
  if (y0a === y1 && y0b === y1) {
    w.line(x0, y1, x1, y1, color);
    return;
  }
  const xm = x1 - COLUMN_GAP / 2;
  w.line(x0, y0a, xm, y0a, color);
  if (y0b !== y0a) w.line(x0, y0b, xm, y0b, color);
  w.line(xm, Math.min(y0a, y0b, y1), xm, Math.max(y0a, y0b, y1), color);
  w.line(xm, y1, x1, y1, color);
}
