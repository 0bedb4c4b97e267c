/*
 * How many live update streams (server-sent events) may be open at once (issue 26): per client address
 * (LIVE_STREAMS_PER_CLIENT) and on this instance in all (LIVE_STREAMS_MAX). The rate limiter counts requests, not
 * open connections: without this one address could keep opening streams until the process runs out of file
 * descriptors. A stream over either limit is refused with 429 and Retry-After before it opens.
 */

/** What a refused stream is told. */
export const STREAM_LIMIT_MESSAGES = {
  client: 'Too many live update streams are open from your address; close some (other tabs or windows) and try again',
  total: 'The server has too many live update streams open right now; please try again shortly',
} as const;

/** Seconds a refused client is asked to wait: long enough for a closed tab's stream to be gone. */
export const STREAM_RETRY_AFTER_S = { client: 30, total: 10 } as const;

export type StreamRefusal = { status: 429; retryAfterSeconds: number; message: string };

export interface LiveStreamLimits {
  /** Takes a slot for `address`: the function that gives it back (call it once, when the stream ends), or the refusal. */
  acquire(address: string): { release: () => void } | { refused: StreamRefusal };
  /** Streams open now, every address together (the bench, the tests). */
  readonly open: number;
}

export function createLiveStreamLimits(limits: { perClient: number; total: number }): LiveStreamLimits {
  const byAddress = new Map<string, number>();
  let open = 0;
  const refuse = (kind: 'client' | 'total') => ({
    refused: { status: 429 as const, retryAfterSeconds: STREAM_RETRY_AFTER_S[kind], message: STREAM_LIMIT_MESSAGES[kind] },
  });
  return {
    acquire(address) {
      const mine = byAddress.get(address) ?? 0;
      if (mine >= limits.perClient) return refuse('client');
      if (open >= limits.total) return refuse('total');
      byAddress.set(address, mine + 1);
      open++;
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          open--;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
        },
      };
    },
    get open() {
      return open;
    },
  };
}
