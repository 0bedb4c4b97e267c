import { MAX_ZOOM, MIN_ZOOM } from '../../bracket/metrics';

/*
 * The embeddable bracket (issue 23): /embed/tournaments/{id} and /embed/division/{id} show the canvas alone, for stream
 * overlays and other sites, with options in the query. Each option is declared once here: the parser, the hints
 * shown for a bad value and the README read the same names.
 */

export const EMBED_THEMES = ['dark', 'transparent'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const EMBED_TRACKS = ['winners', 'losers'] as const;
export type EmbedTrack = (typeof EMBED_TRACKS)[number];

export interface EmbedOptions {
  /** `dark` (the bracket page's background) or `transparent` (cards over whatever is behind the frame). */
  theme: EmbedTheme;
  /** An entrant's name or id: their path is highlighted and the camera follows their current match. */
  follow: string | null;
  /** Which track the camera starts on; null: the bracket page's own first view. */
  track: EmbedTrack | null;
  /** The zoom to start at (clamped to 0.125–4); null: the first view's zoom. */
  zoom: number | null;
}

const OPTION_NAMES = ['theme', 'follow', 'track', 'zoom'] as const satisfies readonly (keyof EmbedOptions)[];

const listed = (values: readonly string[], last = 'or') => `${values.slice(0, -1).join(', ')} ${last} ${values.at(-1)}`;

/** The options of an embed's query string, and a hint for every option that was not understood (and what is shown instead). */
export function parseEmbedOptions(search: string): { options: EmbedOptions; hints: string[] } {
  const params = new URLSearchParams(search);
  const hints: string[] = [];
  const options: EmbedOptions = { theme: 'dark', follow: null, track: null, zoom: null };
  for (const name of new Set(params.keys())) {
    if (!(OPTION_NAMES as readonly string[]).includes(name)) hints.push(`Unknown option "${name}": the options are ${listed(OPTION_NAMES, 'and')}.`);
  }
  const theme = params.get('theme');
  if (theme !== null) {
    if ((EMBED_THEMES as readonly string[]).includes(theme)) options.theme = theme as EmbedTheme;
    else hints.push(`Unknown theme "${theme}": use ${listed(EMBED_THEMES)}. Showing dark.`);
  }
  const track = params.get('track');
  if (track !== null) {
    if ((EMBED_TRACKS as readonly string[]).includes(track)) options.track = track as EmbedTrack;
    else hints.push(`Unknown track "${track}": use ${listed(EMBED_TRACKS)}. Showing the bracket from its start.`);
  }
  const zoom = params.get('zoom');
  if (zoom !== null) {
    const value = zoom.trim() === '' ? NaN : Number(zoom);
    if (!Number.isFinite(value) || value <= 0) hints.push(`Zoom "${zoom}" is not a number from ${MIN_ZOOM} to ${MAX_ZOOM}: using the usual zoom.`);
    else {
      options.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));
      if (options.zoom !== value) hints.push(`Zoom ${zoom} is outside ${MIN_ZOOM}–${MAX_ZOOM}: using ${options.zoom}.`);
    }
  }
  const follow = params.get('follow');
  if (follow !== null) {
    if (follow.trim() === '') hints.push('"follow" needs an entrant\'s name: nobody is followed.');
    else options.follow = follow.trim();
  }
  return { options, hints };
}

/** The hint for a `follow` naming nobody in the bracket. */
export const unknownEntrantHint = (follow: string) => `Nobody called "${follow}" plays in this bracket: nobody is followed.`;

/** What an embed shows: a tournament's bracket or a league division's playoffs. */
export type EmbedKind = 'tournaments' | 'division';

export const embedPath = (kind: EmbedKind, id: number) => `/embed/${kind}/${id}`;

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The <iframe> a site or a stream overlay pastes. `color-scheme: normal` keeps a transparent embed transparent on a
 * page with a dark colour scheme (a frame whose scheme differs from its page's gets an opaque backdrop).
 */
export function embedSnippet(origin: string, kind: EmbedKind, id: number, title: string): string {
  return `<iframe src="${attribute(origin + embedPath(kind, id))}" title="${attribute(title)}" width="960" height="540" style="border:0;color-scheme:normal" allow="fullscreen" loading="lazy"></iframe>`;
}
