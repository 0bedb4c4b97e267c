import { Loader, Text } from '@mantine/core';
import { useFullscreenElement } from '@mantine/hooks';
import { useDeferredValue, useEffect, useState } from 'react';
import { BracketCanvas } from './BracketCanvas';

// The tournament page's prefetch starts the renderer through this chunk (it holds the canvas and Pixi).
export { prepareBracketCanvas } from './BracketCanvas';
import { BracketControls } from './BracketControls';
import { BracketMirror } from './BracketMirror';
import classes from './BracketView.module.css';
import type { ViewMatch } from './model';
import type { BracketEngine } from './renderer/createBracketEngine';

export interface BracketViewProps {
  matches: readonly ViewMatch[];
  /** URL of a match page (links of the DOM mirror, new-tab clicks on the canvas). */
  matchHref: (id: number) => string;
  onOpenMatch: (id: number) => void;
  /** Height of the canvas outside fullscreen (default: the window's height below the page's title and controls). */
  height?: number | string;
  /**
   * The matches are still on their way: only the canvas shows (with a loader), so the renderer starts while the
   * bracket downloads and parses; the controls, the hint and the mirror come with the matches.
   */
  loading?: boolean;
}

/**
 * The bracket screen body: controls, the canvas and its accessible mirror. Default export so
 * a route can `React.lazy(() => import('…/bracket/BracketView'))` and keep Pixi out of the
 * main bundle.
 */
/**
 * The canvas fills the window below the title and the controls, so the whole canvas and its hint are in view at
 * 1280×800: the wheel zooms the bracket, and a canvas taller than the window would leave its bottom out of reach.
 */
const FIT_WINDOW = 'clamp(360px, calc(100dvh - 270px), 1000px)';

export default function BracketView({ matches, matchHref, onOpenMatch, height = FIT_WINDOW, loading = false }: BracketViewProps) {
  const [engine, setEngine] = useState<BracketEngine | null>(null);
  // The match focused in the mirror: outlined on the canvas (the engine draws it as a @pixi/react component).
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => engine?.selectMatch(selected), [engine, selected]);
  const { ref, toggle, fullscreen } = useFullscreenElement<HTMLDivElement>();
  // The controls and the mirror (a link per match: thousands of elements to build and style) follow in a render of
  // their own once the bracket arrives, so the canvas gets its data and draws without waiting for them.
  const mirrorLoading = useDeferredValue(loading);
  const mirrorMatches = useDeferredValue(matches);
  // The canvas keeps its place among the children whether loading or not, so it is never mounted twice.
  return (
    <div ref={ref} className={classes.root} data-testid="bracket" aria-busy={loading}>
      {!mirrorLoading && <BracketControls engine={engine} matches={mirrorMatches} fullscreen={fullscreen} onToggleFullscreen={() => void toggle()} />}
      <div className={classes.canvasArea}>
        <BracketCanvas matches={matches} matchHref={matchHref} onOpenMatch={onOpenMatch} height={fullscreen ? '100%' : height} onEngine={setEngine} />
        {loading && (
          <div className={classes.loading} role="status" aria-label="Loading the bracket">
            <Loader size="sm" />
          </div>
        )}
      </div>
      {!mirrorLoading && (
        <Text className={classes.hint}>
          Drag to pan, scroll or pinch to zoom, hover a name to follow its path. Keys: arrows, +, −, 0 to fit. A blue match number: ready to
          play.
        </Text>
      )}
      {!mirrorLoading && (
        <BracketMirror
          matches={mirrorMatches}
          matchHref={matchHref}
          onOpenMatch={onOpenMatch}
          onFocusMatch={(id) => {
            engine?.flyToMatch(id);
            setSelected(id);
          }}
        />
      )}
    </div>
  );
}
