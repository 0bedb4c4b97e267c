import { warmBracketCanvas } from './warmBracketCanvas';
import { preloadScreen } from '../../ui/onDemand';
import { preloadBracketView } from './BracketViewOnDemand';

let requested = false;

/** A mouse or trackpad: the pointer hovers and is precise (not a phone's finger). */
const DESKTOP_POINTER = '(hover: hover) and (pointer: fine)';

/**
 * Fetches the bracket page's code (the page, and the canvas with Pixi) when the browser is idle, once per page life:
 * a tournament page with a BRACKET link calls it, so a click on the link does not wait for its largest chunk. With a
 * mouse (a fine pointer that hovers: a desktop) the renderer is started then too, as its start is a short task there and
 * a click comes too soon after the pointer reaches the link to hide it; on a touch screen (a phone, where it is a
 * second of main-thread work for a bracket that may never be opened) it starts on the reader's intent,
 * `warmBracketOnIntent`. Browsers without requestIdleCallback (and jsdom) skip it: the chunks then load on the bracket
 * page as before.
 */
export function prefetchBracket(): void {
  if (requested || typeof requestIdleCallback === 'undefined') return;
  requested = true;
  requestIdleCallback(
    () => {
      // Through the same lazy components the page renders, so neither suspends on arrival. A failed prefetch changes
      // nothing: the bracket page loads its chunks (and reports failures) itself.
      Promise.all([preloadScreen('BracketPage'), preloadBracketView()]).catch(() => undefined);
      if (matchMedia(DESKTOP_POINTER).matches) warmBracketOnIntent();
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

