import { parseBracket } from './parseBracket';

/*
 * The bracket body parsed off the main thread: the page stays responsive while a large bracket is read. The rows
 * come back as a transferred Int32Array (no copy); `start` and `ms` place the work on the page's timeline.
 */
self.onmessage = (event: MessageEvent<{ id: number; body: ArrayBuffer }>) => {
  const t0 = performance.now();
  const parsed = parseBracket(event.data.body);
  const timing = { start: performance.timeOrigin + t0, ms: performance.now() - t0 };
  const transfer = parsed.bracket ? [parsed.bracket.matches.buffer] : [];
  self.postMessage({ id: event.data.id, ...parsed, ...timing }, { transfer });
};
