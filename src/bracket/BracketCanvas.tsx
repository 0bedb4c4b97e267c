import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import classes from './BracketCanvas.module.css';
import type { ViewMatch } from './model';
import { createBracketEngine, prepareBracketEngine, type BracketEngine } from './renderer/createBracketEngine';
import { BRACKET_TIMING, markBracket, measureBracket, nowMs } from '../api/bracketTiming';

export interface BracketCanvasProps {
  matches: readonly ViewMatch[];
  /** URL of a match page: a middle or ctrl/cmd click on a card opens it in a new tab. */
  matchHref: (id: number) => string;
  onOpenMatch: (id: number) => void;
  /** CSS height of the canvas (the canvas fills its width). */
  height: number | string;
  /** Receives the engine once it runs, and null when it is gone (for controls beside the canvas). */
  onEngine?: (engine: BracketEngine | null) => void;
}

/**
 * Whether this browser has WebGL 2 (the engine's shaders need it): without it the DOM mirror is the bracket. No test
 * context is made for the answer (a WebGL context is tens of milliseconds on a phone, and the renderer makes its own):
 * a browser that has the API but cannot give a context fails the renderer's start, and the canvas shows the same message.
 */
const hasWebGL = () => typeof WebGL2RenderingContext !== 'undefined';

/**
 * Starts the bracket's renderer ahead of its page (a page linking to a bracket calls it in idle
 * time), so that the canvas only has to move in. Nothing without WebGL 2.
 */
export function prepareBracketCanvas(): void {
  if (hasWebGL()) prepareBracketEngine();
}

/**
 * The Pixi canvas of a bracket. The engine is mounted in the host by the one effect below (it
 * borrows the page's kept renderer: its canvas moves in, and leaves again on unmount), and fed
 * new matches by the other. `data-zoom` on the host holds the zoom once the camera settles,
 * `data-camera` the world point at its top-left ("x,y").
 */
export function BracketCanvas({ matches, matchHref, onOpenMatch, height, onEngine }: BracketCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<BracketEngine | null>(null);
  const [failed, setFailed] = useState(false);

  const open = useEffectEvent((id: number, newTab: boolean) => {
    if (newTab) window.open(matchHref(id), '_blank', 'noopener');
    else onOpenMatch(id);
  });
  const announce = useEffectEvent((e: BracketEngine | null) => onEngine?.(e));

  // Mount the engine in the host; StrictMode runs this twice, the cleanup is complete (the renderer goes back to the pool).
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !hasWebGL()) return;
    const e = createBracketEngine(host);
    e.ready.then(() => markBracket(BRACKET_TIMING.rendererReady), () => undefined);
    const offs = [
      e.on('match.open', ({ id, newTab }) => open(id, newTab)),
      e.on('camera.settle', ({ x, y, zoom }) => {
        host?.setAttribute('data-zoom', zoom.toFixed(3));
        // The world point at the canvas's top-left: browser tests place clicks on cards and see jumps with it.
        host?.setAttribute('data-camera', `${x.toFixed(1)},${y.toFixed(1)}`);
      }),
      e.on('error', () => setFailed(true)),
    ];
    // The canvas's own state at once (it feeds the engine its matches); the page in a transition: its controls and
    // links render again with the engine (its search enabled, its mirror wired), a render in slices rather than one
    // task in the commit that mounted the canvas, and not on the way to the bracket's first frame.
    setEngine(e);
    startTransition(() => announce(e));
    return () => {
      for (const off of offs) off();
      e.destroy();
      setEngine(null);
      announce(null);
    };
  }, []);

  // Fed once the renderer is up, so the layout is measured here (time to bracket) and the first frame after it marked.
  useEffect(() => {
    if (!engine) return;
    let live = true;
    let off: (() => void) | null = null;
    engine.ready.then(
      () => {
        if (!live) return;
        const t0 = nowMs();
        void engine.setData(matches);
        // Time to bracket is about a bracket: the empty data of a canvas mounted while the matches load is not.
        if (matches.length === 0) return;
        measureBracket(BRACKET_TIMING.layout, t0);
        off = engine.on('frame', () => {
          markBracket(BRACKET_TIMING.firstFrame);
          off?.();
          off = null;
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      off?.();
    };
  }, [engine, matches]);

  return (
    <div ref={hostRef} className={classes.host} style={{ height }} data-testid="bracket-canvas">
      {(failed || !hasWebGL()) && <p className={classes.fallback}>This browser cannot draw the bracket. The matches are listed below.</p>}
    </div>
  );
}
