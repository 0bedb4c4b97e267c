import { fromCallback, type EventObject } from 'xstate';
import { validate } from 'superstruct';
import type { LiveStream } from '../../src/api/endpoints/live';

/** The live stream's state, for "Reconnecting…". */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

/** What a live stream tells its machine. */
export type LiveEvent<T> =
  /** Connected and caught up (after a reconnect: the missed changes were replayed first, or `live.reset` came). */
  | { type: 'live.connected' }
  /** The connection dropped; the browser reconnects by itself. */
  | { type: 'live.lost' }
  /** What changed meanwhile is unknown: read everything again. */
  | { type: 'live.reset' }
  | { type: 'live.change'; change: T };

/** The tab is shown again (`page.visible`): a page that follows a live stream reads again, as it may have missed events. */
export const watchVisibility = fromCallback<EventObject>(({ sendBack }) => {
  const onChange = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
});

/** After the server refused or ended the stream for good (a 5xx, a restart in the middle), try a new one this late. */
const REOPEN_MS = 5_000;

/**
 * One live update stream as an actor: an EventSource on `input.url` (closed when the actor stops). A change that
 * does not pass the stream's struct is dropped with a console error and answered as `live.reset`, like a response
 * the contract refuses. Where there is no EventSource (tests under Node), the actor does nothing.
 */
export const liveEvents = <T>() =>
  fromCallback<EventObject, LiveStream<T>>(({ input, sendBack }) => {
    const send = (event: LiveEvent<T>) => sendBack(event);
    if (typeof EventSource === 'undefined') return () => {};
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reopened = false;
    const open = () => {
      const current = new EventSource(input.url, { withCredentials: true });
      source = current;
      current.addEventListener('ready', () => {
        send({ type: 'live.connected' });
        // A new EventSource sends no Last-Event-ID: nothing was replayed.
        if (reopened) send({ type: 'live.reset' });
        reopened = false;
      });
      current.addEventListener('reset', () => send({ type: 'live.reset' }));
      current.addEventListener(input.event, (e) => {
        const [error, change] = validate(JSON.parse((e as MessageEvent<string>).data), input.struct, { coerce: true });
        if (error) {
          console.error(`Unexpected live event from ${input.url}`, error.failures()[0]);
          send({ type: 'live.reset' });
        } else send({ type: 'live.change', change });
      });
      current.addEventListener('error', () => {
        send({ type: 'live.lost' });
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopened = true;
        timer = setTimeout(open, REOPEN_MS);
      });
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  });
