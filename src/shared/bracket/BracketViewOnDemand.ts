import { lazyNamed } from '../../ui/onDemand';

/**
 * The bracket canvas as a component loaded on demand: Pixi and the canvas engine load only where a bracket shows.
 * The bracket page renders it; the tournament page's BRACKET link starts loading it in idle time (`prefetchBracket`).
 */
export const BracketView = lazyNamed(() => import('../../bracket/BracketView'), 'default');

/** Starts loading the canvas's code. */
export const preloadBracketView = (): Promise<unknown> => BracketView.preload();
