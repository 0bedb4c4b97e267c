import { Alert, Loader } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { BracketCanvas } from '../../bracket/BracketCanvas';
import type { ViewMatch } from '../../bracket/model';
import type { BracketEngine } from '../../bracket/renderer/createBracketEngine';
import classes from './EmbedBracket.module.css';
import { unknownEntrantHint, type EmbedOptions } from '../../shared/embed/embedOptions';
import { cameraOnMatch, currentMatch, findEntrant } from './followEntrant';

export interface EmbedBracketProps {
  matches: readonly ViewMatch[];
  /** The matches are on their way: the canvas starts meanwhile, under a loader. */
  loading: boolean;
  options: EmbedOptions;
  /** Hints about options that were not understood, shown over the canvas until dismissed. */
  hints: readonly string[];
  /** A match's page on the site (a click on a card opens it in a new tab: the site refuses to be framed). */
  matchUrl: (id: number) => string;
}

/**
 * Places the camera once the first matches arrive (`track`, `zoom`, `follow`), then, while following, flies to the
 * followed entrant's match whenever a result moves them on.
 */
function useEmbedCamera(engine: BracketEngine | null, matches: readonly ViewMatch[], followed: string | null, options: EmbedOptions, host: RefObject<HTMLDivElement | null>) {
  const placed = useRef(false);
  const followedAt = useRef<number | null>(null);
  const { track, zoom } = options;
  useEffect(() => {
    if (!engine || matches.length === 0) return;
    let live = true;
    engine.ready.then(
      () => {
        if (!live) return;
        // The canvas feeds the same list; fed here first, the camera below has the bracket's layout (the same list
        // again is only a comparison).
        void engine.setData(matches);
        const at = followed ? currentMatch(matches, followed) : null;
        const first = !placed.current;
        if (!first && at === followedAt.current) return;
        placed.current = true;
        followedAt.current = at;
        const animate = !first;
        if (first && track) engine.jumpTo(track, { animate: false });
        if (followed && at !== null && zoom !== null) {
          // A zoom asked for is kept while following (the canvas's own flight zooms in to at least 1).
          const view = { width: host.current?.clientWidth ?? 0, height: host.current?.clientHeight ?? 0 };
          const camera = cameraOnMatch(matches, at, zoom, view);
          engine.highlightEntry(followed);
          if (camera) engine.setCamera(camera, { animate });
        } else if (followed) engine.flyToEntry(followed, { animate });
        // Without an entrant to centre, the zoom keeps the first view's top-left corner (a track's title and first round) in place.
        else if (zoom !== null) engine.zoomTo(zoom, { x: 0, y: 0 }, { animate: false });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [engine, matches, followed, track, zoom, host]);
}

/** The canvas alone, filling the frame, with the embed's options applied. */
export function EmbedBracket({ matches, loading, options, hints, matchUrl }: EmbedBracketProps) {
  const [engine, setEngine] = useState<BracketEngine | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const followed = useMemo(() => (options.follow && matches.length > 0 ? findEntrant(matches, options.follow) : null), [matches, options.follow]);
  useEmbedCamera(engine, matches, followed, options, host);
  const shown = options.follow && matches.length > 0 && followed === null ? [...hints, unknownEntrantHint(options.follow)] : hints;
  return (
    <div ref={host} className={classes.root} data-testid="embed">
      <BracketCanvas
        matches={matches}
        matchHref={matchUrl}
        onOpenMatch={(id) => window.open(matchUrl(id), '_blank', 'noopener')}
        height="100%"
        onEngine={setEngine}
      />
      {loading && (
        <div className={classes.loading} role="status" aria-label="Loading the bracket">
          <Loader size="sm" />
        </div>
      )}
      {!dismissed && shown.length > 0 && (
        <Alert className={classes.hints} color="yellow" title="Some embed options were not understood" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDismissed(true)}>
          {shown.map((hint) => (
            <div key={hint}>{hint}</div>
          ))}
        </Alert>
      )}
    </div>
  );
}
