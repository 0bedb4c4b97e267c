import type { BracketLayout } from '../layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../metrics';
import type { MinimapPlacement } from '../minimap';
import { PALETTE, rgba } from './palette';
import type { FlatWriter } from './QuadWriter';

/** Colours of the miniature: decided and pending matches of the Winners track, the Losers track (darker). */
export const MINIATURE = {
  panel: rgba(PALETTE.cardEmpty),
  border: rgba(PALETTE.divider),
  winnersDecided: rgba(0x909296),
  winnersPending: rgba(0x5c5f66),
  losersDecided: rgba(0x6b6f76),
  losersPending: rgba(0x3d4047),
  viewport: rgba(PALETTE.selection),
};

/**
 * Writes the panel and both tracks of `layout` in miniature, in canvas pixels: per column, the cards'
 * extent on the minimap's pixel rows, runs of one colour merged into one rectangle (a column of
 * thousands of cards is a few rectangles; a 65,536-entry bracket is about a thousand). Returns nothing:
 * the quads are in `w`.
 */
export function writeMiniature(w: FlatWriter, layout: BracketLayout, p: MinimapPlacement, focused: boolean): void {
  const b = focused ? 2 : 1;
  const border = focused ? MINIATURE.viewport : MINIATURE.border;
  w.rect(p.x - b, p.y - b, p.x + p.width + b, p.y, border);
  w.rect(p.x - b, p.y + p.height, p.x + p.width + b, p.y + p.height + b, border);
  w.rect(p.x - b, p.y, p.x, p.y + p.height, border);
  w.rect(p.x + p.width, p.y, p.x + p.width + b, p.y + p.height, border);
  w.rect(p.x, p.y, p.x + p.width, p.y + p.height, MINIATURE.panel);
  const sx = p.width / p.world.width;
  const sy = p.height / p.world.height;
  const { nodes } = layout;
  for (const col of layout.columns) {
    if (col.end <= col.first) continue;
    const x0 = p.x + Math.floor((nodes.x[col.first] - p.world.x) * sx);
    const x1 = x0 + Math.max(1, Math.round(CARD_WIDTH * sx));
    const losers = nodes.match[col.first].track === 'losers';
    // The run being drawn: its colour and pixel rows [top, bottom).
    let color = 0;
    let top = 0;
    let bottom = -1;
    const flush = () => {
      if (bottom > top) w.rect(x0, p.y + top, x1, p.y + bottom, color);
    };
    for (let n = col.first; n < col.end; n++) {
      const y0 = Math.floor((nodes.y[n] - p.world.y) * sy);
      const y1 = Math.max(y0 + 1, Math.round((nodes.y[n] + CARD_HEIGHT - p.world.y) * sy));
      // Cards on pixel rows already drawn add nothing.
      if (y1 <= bottom) continue;
      const decided = nodes.match[n].winner !== null;
      const c = losers ? (decided ? MINIATURE.losersDecided : MINIATURE.losersPending) : decided ? MINIATURE.winnersDecided : MINIATURE.winnersPending;
      if (c === color && y0 <= bottom) {
        bottom = y1;
        continue;
      }
      flush();
      color = c;
      top = Math.max(y0, bottom);
      bottom = y1;
    }
    flush();
  }
}
