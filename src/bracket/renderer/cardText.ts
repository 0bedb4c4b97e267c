import type { BracketLayout, LayoutColumn } from '../layoutBracket';
import {
  AVATAR_SIZE,
  AVATAR_X,
  CARD_HEIGHT,
  CARD_WIDTH,
  FONT_SIZE,
  HEADER_FONT_SIZE,
  HEADER_HEIGHT,
  NAME_MAX_WIDTH,
  NAME_X,
  NUMBER_FONT_SIZE,
  NUMBER_WIDTH,
  ROW_HEIGHT,
  SCORE_WIDTH,
  TITLE_FONT_SIZE,
  TITLE_HEIGHT,
} from '../metrics';
import type { ViewEntry, ViewMatch } from '../model';
import { isReady } from './cardShapes';
import { DISC } from './GlyphAtlas';
import type { GlyphWriter } from './GlyphWriter';
import { avatarColor, PALETTE, rgba } from './palette';

const C = {
  number: rgba(PALETTE.textNumber),
  numberReady: rgba(0xffffff),
  text: rgba(PALETTE.text),
  win: rgba(PALETTE.textWin),
  lose: rgba(PALETTE.textLose),
  dim: rgba(PALETTE.textDim),
  score: rgba(0xffffff),
  initial: rgba(0xffffff, 0.92),
  header: rgba(PALETTE.header),
  title: rgba(PALETTE.title),
};

/** First letter of a name, for the avatar disc. */
export function initialOf(label: string): string {
  for (const ch of label.trim()) return ch.toLocaleUpperCase();
  return '?';
}

function writeRow(w: GlyphWriter, e: ViewEntry, side: 'A' | 'B', m: ViewMatch, x: number, rowY: number): void {
  const mid = rowY + ROW_HEIGHT / 2;
  if (e.bye || e.unknown) {
    w.text(e.label, x + NAME_X, mid, FONT_SIZE, C.dim);
    return;
  }
  const ay = rowY + (ROW_HEIGHT - AVATAR_SIZE) / 2;
  // The disc is 64 atlas pixels wide: it stands for a font of AVATAR_SIZE × 48 / 64.
  w.quad(x + AVATAR_X, ay, AVATAR_SIZE, AVATAR_SIZE, w.atlas.glyph(DISC), rgba(avatarColor(e.label)), (AVATAR_SIZE * 48) / 64);
  w.centred(initialOf(e.label), x + AVATAR_X + AVATAR_SIZE / 2, mid, 10.5, C.initial);
  const color = m.winner === null ? C.text : m.winner === side ? C.win : C.lose;
  w.text(w.fit(e.label, FONT_SIZE, NAME_MAX_WIDTH), x + NAME_X, mid, FONT_SIZE, color);
  if (e.score !== null) w.centred(String(e.score), x + CARD_WIDTH - SCORE_WIDTH / 2, mid, FONT_SIZE, C.score);
}

/** Text and avatar discs of one card whose top-left corner is (x, y). */
export function writeCard(w: GlyphWriter, m: ViewMatch, x: number, y: number): void {
  w.centred(String(m.number), x + NUMBER_WIDTH / 2, y + CARD_HEIGHT / 2, NUMBER_FONT_SIZE, isReady(m) ? C.numberReady : C.number);
  writeRow(w, m.a, 'A', m, x, y);
  writeRow(w, m.b, 'B', m, x, y + ROW_HEIGHT);
}

/** Round name above the first card of a column. */
export function writeHeader(w: GlyphWriter, col: LayoutColumn): void {
  w.text(w.fit(col.name, HEADER_FONT_SIZE, CARD_WIDTH), col.x, col.headerY + HEADER_HEIGHT / 2, HEADER_FONT_SIZE, C.header);
}

/**
 * Track titles at `size` world units, standing on the bottom of their band (a large size
 * grows upwards, into the space above the track).
 */
export function writeTitles(w: GlyphWriter, layout: BracketLayout, size = TITLE_FONT_SIZE): void {
  const { winners, losers } = layout.tracks;
  const mid = (top: number) => top + TITLE_HEIGHT - 14 - size * 0.36;
  if (winners.height > 0) w.text('Winners Bracket', winners.x, mid(winners.y), size, C.title);
  if (losers.height > 0) w.text('Losers Bracket', losers.x, mid(losers.y), size, C.title);
}
