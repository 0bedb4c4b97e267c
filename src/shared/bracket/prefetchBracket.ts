import { warmBracketCanvas } from './warmBracketCanvas';
import { preloadScreen } from '../../ui/onDemand';
import { preloadBracketView } from './BracketViewOnDemand';

let requested = false;

/**
 * Fetches the bracket page's code (the page, and the canvas with Pixi) when the browser is idle, once per page life:
 * a tournament page with a BRACKET link calls it, so a click on the link does not wait for its largest chunk (the
 * renderer starts on the reader's intent, `warmBracketOnIntent`). Browsers without
 * requestIdleCallback (and jsdom) skip it: the chunks then load on the bracket page as before.
 */
export function prefetchBracket(): void {
  if (requested || typeof requestIdleCallback === 'undefined') return;
  requested = true;
  requestIdleCallback(
    () => {
      // Through the same lazy components the page renders, so neither suspends on arrival. A failed prefetch changes
      // nothing: the bracket page loads its chunks (and reports failures) itself.
      Promise.all([preloadScreen('BracketPage'), preloadBracketView()]).catch(() => undefined);
    },
    { timeout: 3000 },
  );
}

let warmed = false;

/**
 * Starts the renderer itself (WebGL context, shaders, glyph atlas) once the reader shows they are going to the bracket
 * (the pointer over the BRACKET link, a touch on it, keyboard focus): the bracket page takes it ready instead of
 * building it after the click. Not in idle time: on a phone that start is a second of main-thread work (tasks of
 * hundreds of milliseconds) on a page that may never open its bracket.
 */
export function warmBracketOnIntent(): void {
  if (warmed) return;
  warmed = true;
  void warmBracketCanvas();
}

