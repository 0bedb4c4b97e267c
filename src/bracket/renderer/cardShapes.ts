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

/** Status of one side (3 bits). */
export const SIDE_PENDING = 0;
export const SIDE_WIN = 1;
export const SIDE_LOSE = 2;
export const SIDE_BYE = 3;
export const SIDE_UNKNOWN = 4;
/** Card flags (2 bits). */
export const CARD_READY = 1;
export const CARD_EMPTY = 2;

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

/** Packs what the shapes of a card depend on into 32 bits. */
export function cardInfo(m: ViewMatch): number {
  const flags = (isReady(m) ? CARD_READY : 0) | (m.a.bye && m.b.bye ? CARD_EMPTY : 0);
  const b0 = sideStatus(m.a, 'A', m.winner) | (sideStatus(m.b, 'B', m.winner) << 3) | (flags << 6);
  return (b0 | (Math.round(greekLength(m.a)) << 16) | (Math.round(greekLength(m.b)) << 24)) >>> 0;
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
  const sa = info & 7;
  const sb = (info >> 3) & 7;
  const flags = (info >> 6) & 3;
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
  const ga = (info >>> 16) & 255;
  const gb = (info >>> 24) & 255;
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
