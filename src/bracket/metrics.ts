/*
 * The fixed drawing values of the bracket, in world units (1 unit = 1 CSS pixel at zoom 1).
 * The layout, the renderer and the hit testing all read them from here.
 */
export const CARD_WIDTH = 240;
export const CARD_HEIGHT = 56;
/** Each card holds two rows: entry A on top, entry B below. */
export const ROW_HEIGHT = CARD_HEIGHT / 2;
/** Left cell holding the match number. */
export const NUMBER_WIDTH = 34;
/** Right cell holding the score. */
export const SCORE_WIDTH = 32;
/** Status stripe at the left of each row. */
export const STRIPE_WIDTH = 3;
export const AVATAR_SIZE = 18;
export const AVATAR_X = NUMBER_WIDTH + STRIPE_WIDTH + 6;
export const NAME_X = AVATAR_X + AVATAR_SIZE + 7;
export const NAME_MAX_WIDTH = CARD_WIDTH - SCORE_WIDTH - 6 - NAME_X;

/** Horizontal gap between two rounds, where the connectors run. */
export const COLUMN_GAP = 56;
export const COLUMN_WIDTH = CARD_WIDTH + COLUMN_GAP;
/** Vertical gap between two cards of the densest round. */
export const ROW_GAP = 16;
export const PITCH = CARD_HEIGHT + ROW_GAP;

/** Band above a track holding its title ("Winners Bracket"). */
export const TITLE_HEIGHT = 64;
/** Band above the first card of every round holding the round name. */
export const HEADER_HEIGHT = 36;
/** Vertical space between the winners and the losers track. */
export const TRACK_GAP = 128;

export const FONT_SIZE = 13;
export const NUMBER_FONT_SIZE = 11;
export const HEADER_FONT_SIZE = 14;
export const TITLE_FONT_SIZE = 30;
/** Connector width (the flat shader extrudes connectors by half of it each side); never thinner than one device pixel on screen. */
export const EDGE_WIDTH = 2;

/** Zoom range of the spec. */
export const MIN_ZOOM = 0.125;
export const MAX_ZOOM = 4;
