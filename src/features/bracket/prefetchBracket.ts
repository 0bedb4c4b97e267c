import { warmBracketCanvas } from './warmBracketCanvas';
import { preloadScreen } from '../../ui/onDemand';

let requested = false;

/**
 * Fetches the bracket page's code (the page, and the canvas with Pixi) and starts the canvas's renderer when the
 * browser is idle, once per page life: a tournament page with a BRACKET link calls it, so a click on the link finds
 * the canvas ready instead of waiting for its largest chunk and the WebGL start-up. Browsers without
 * requestIdleCallback (and jsdom) skip it: the chunks then load on the bracket page as before.
 */
export function prefetchBracket(): void {
  if (requested || typeof requestIdleCallback === 'undefined') return;
  requested = true;
  requestIdleCallback(
    () => {
      // Through the same lazy components the page renders, so neither suspends on arrival. A failed prefetch changes
      // nothing: the bracket page loads its chunks (and reports failures) itself.
      Promise.all([preloadScreen('BracketPage'), import('./BracketPage').then((page) => page.preloadBracketView())])
        // Then, in the next idle time, the renderer itself (WebGL context, shaders, glyph atlas): the bracket page
        // takes it ready instead of building it after the click.
        .then(() => requestIdleCallback(() => void warmBracketCanvas(), { timeout: 3000 }))
        .catch(() => undefined);
    },
    { timeout: 3000 },
  );
}

