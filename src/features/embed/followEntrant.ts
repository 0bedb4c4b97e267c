import { centreOn, type Camera, type Viewport } from '../../bracket/camera';
import { layoutBracket } from '../../bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../bracket/metrics';
import type { ViewMatch } from '../../bracket/model';

/** The entrant `query` names in `matches`: by id first, then by name (case and surrounding spaces ignored). */
export function findEntrant(matches: readonly ViewMatch[], query: string): string | null {
  const name = query.trim().toLocaleLowerCase();
  let byName: string | null = null;
  for (const m of matches) {
    for (const e of [m.a, m.b]) {
      if (e.id === null) continue;
      if (e.id === query) return e.id;
      if (byName === null && e.label.trim().toLocaleLowerCase() === name) byName = e.id;
    }
  }
  return byName;
}

/**
 * The match an entrant is at: their latest (highest number, so the one they play next while they are in), as the
 * canvas's `flyToEntry` picks it; null when they play in none. The embed flies again whenever it changes.
 */
export function currentMatch(matches: readonly ViewMatch[], entrant: string): number | null {
  let at: ViewMatch | null = null;
  for (const m of matches) {
    if (m.live && (m.a.id === entrant || m.b.id === entrant) && (!at || m.number > at.number)) at = m;
  }
  return at?.id ?? null;
}

/** A camera at `zoom` centred on match `id`'s card in a `view`-sized canvas; null when the match is not drawn. */
export function cameraOnMatch(matches: readonly ViewMatch[], id: number, zoom: number, view: Viewport): Camera | null {
  const layout = layoutBracket(matches);
  const node = layout.nodeOf(id);
  if (node < 0) return null;
  return centreOn({ x: layout.nodes.x[node] + CARD_WIDTH / 2, y: layout.nodes.y[node] + CARD_HEIGHT / 2 }, zoom, view);
}
