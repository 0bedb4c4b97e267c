/*
 * The reference brackets of the visual test (tests/e2e/bracketVisual.test.ts): generated brackets (bench/bracket/data.ts,
 * seeded, so the same every run), a fixed viewport and camera each. `camera` is applied after the data, without
 * animation; `highlight` pins the path of the entrant of the last decided match (a long path through both tracks);
 * `liveResult` then records a result for the first playable match (the winner advances, the loser drops) and feeds the
 * engine the new list the way a live update does: new objects for the changed matches, the others kept.
 */

export type SceneCamera =
  | { jump: 'fit' | 'winners' | 'losers' }
  | { x: number; y: number; zoom: number }
  /** Match `card`'s card at the top-left of the viewport (plus `margin` screen pixels), at `zoom`. */
  | { card: number; zoom: number; margin: number }
  /** Centres the highlighted entrant's latest match, then zooms about the centre. */
  | { entrant: true; zoom: number };

export interface Scene {
  entrants: number;
  /** Share of the matches decided, in play order. */
  played: number;
  camera: SceneCamera;
  highlight?: boolean;
  liveResult?: boolean;
  /** Why this picture is kept. */
  shows: string;
}

/** Viewport of every scene, in CSS pixels at device pixel ratio 1. */
export const VIEWPORT = { width: 720, height: 405 } as const;

export const SCENES = {
  'byes-8': {
    entrants: 6,
    played: 0.3,
    camera: { x: -24, y: -24, zoom: 0.5 },
    shows: 'an 8-slot bracket with 2 byes: bye rows, advanced seeds, unknown entrants, text at the smallest text zoom',
  },
  'played-64': {
    entrants: 64,
    played: 0.5,
    camera: { jump: 'winners' },
    shows: 'half of a 64-entrant bracket played: won and lost rows, scores, ready match numbers, connectors, round names',
  },
  '1024-zoom-0.125': {
    entrants: 1024,
    played: 0.5,
    camera: { x: -24, y: -240, zoom: 0.125 },
    shows: 'a 1,024-entrant bracket at the minimum zoom: blocks level of detail, the titles kept legible',
  },
  '1024-zoom-4': {
    entrants: 1024,
    played: 0.5,
    camera: { card: 1100, zoom: 4, margin: 12 },
    shows: 'one card of a 1,024-entrant bracket at the maximum zoom: glyphs from the full-size atlas, avatar discs, stripes',
  },
  'path-64': {
    entrants: 64,
    played: 0.5,
    camera: { entrant: true, zoom: 0.6 },
    highlight: true,
    shows: 'a highlighted entrant path over a 64-entrant bracket',
  },
  'live-result-8': {
    entrants: 8,
    played: 0.25,
    camera: { x: -24, y: -24, zoom: 0.5 },
    liveResult: true,
    shows: 'a card decided by a live update, once its flash has faded: the same look as a card decided from the start',
  },
} satisfies Record<string, Scene>;

export type SceneName = keyof typeof SCENES;
