import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadOnDemand } from '../../src/ui/onDemand';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
