import * as React from 'react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadOnDemand } from '../../src/ui/onDemand';

// Any screen can lead to a bracket page (the real routes are rendered): jsdom has no WebGL, so the canvas engine
// reports it cannot start and the page keeps its accessible DOM mirror.

// jsdom lacks a few browser APIs Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.HTMLElement.prototype.scrollTo ??= function scrollTo() {};

// Screens load on demand (src/ui/onDemand.ts); a test that rendered the app has them all at hand, as in one bundle.
beforeAll(() => preloadOnDemand());
// Screens render inside the whole app against a real server on a shared machine: the default 1 s wait is too tight.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// React's development build records an owner stack for every element it creates (an Error and a console task per
// JSX call, for the component stacks in its warnings): a tenth of a screen test's time. Tests read no owner stacks,
// so the counter React caps them with is held at its cap, and every element shares the "unknown owner" stack.
{
  const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => {}, configurable: true });
}
