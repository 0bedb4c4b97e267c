/*
 * Writes of live update streams, spread over turns of the event loop (issue 24). An event of a topic goes to every
 * stream of it; each write is a system call (on a loopback socket ~10–30 µs, most of it the kernel's TCP work), so
 * writing 2,500 streams at once held the event loop for 50–100 ms per event, and several seconds when an instance
 * took over another one's clients and fell behind: its readiness checks timed out and the balancer took it out too.
 *
 * Instead a stream's frames are queued (in order) and a writer writes at most SLICE streams per turn, then lets the
 * loop read sockets (health checks, new streams, reads) before the next slice. A stream with several frames waiting
 * gets them in one write, so an instance that fell behind catches up with fewer system calls, not more.
 */

/**
 * Streams written per turn of the event loop. Small, because Node (libuv >= 1.45) accepts one new connection per
 * turn: an instance taking over another one's clients accepts them only as fast as its loop turns. Measured in
 * bench:cluster (5,000 clients, one instance stopped): 256 a turn, the moved clients' reconnection p95 12 s; 64, 6 s;
 * 32, 4.6 s; 16, 3.7 s; 8, no better. A time budget per turn (2 ms) instead did worse on the loaded machine.
 */
export const OUTBOX_SLICE = 16;

export interface OutboxStream {
  /** Queues bytes for the stream; they are written in order, after the bytes queued before them. */
  send(bytes: Buffer): void;
  /** Writes what is queued now (before the stream ends). */
  flush(): void;
  /** Forgets what is queued (the stream is gone). */
  discard(): void;
  /** Bytes queued and not yet written. */
  readonly queued: number;
}

export interface Outbox {
  /** A stream that writes through `write`. */
  stream(write: (bytes: Buffer) => void): OutboxStream;
  /** Resolves once every stream queued so far wrote its frames (the delivery-lag metric ends here); later ones are not waited for. */
  idle(): Promise<void>;
}

export function createOutbox(slice = OUTBOX_SLICE): Outbox {
  /** Streams with frames waiting, oldest first, each with the number it was queued under. */
  const waiting = new Map<() => void, number>();
  /** Numbers of the last stream queued and of the last one written. */
  let queuedSeq = 0;
  let writtenSeq = 0;
  let scheduled = false;
  /** Callers of idle(), each waiting for the streams queued up to its number. */
  let idleWaiters: { upTo: number; resolve: () => void }[] = [];

  const settle = () => {
    if (idleWaiters.length === 0) return;
    const all = waiting.size === 0;
    idleWaiters = idleWaiters.filter((w) => {
      if (!all && w.upTo > writtenSeq) return true;
      w.resolve();
      return false;
    });
  };
  const run = () => {
    scheduled = false;
    let written = 0;
    // Deleting the entry being visited is safe in a Map's iteration; streams queued meanwhile come at the end.
    for (const [flush, seq] of waiting) {
      waiting.delete(flush);
      flush();
      writtenSeq = seq;
      if (++written >= slice) break;
    }
    if (waiting.size > 0) schedule();
    settle();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(run);
  };

  return {
    idle: () =>
      waiting.size === 0 || writtenSeq >= queuedSeq ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push({ upTo: queuedSeq, resolve })),
    stream(write) {
      let frames: Buffer[] = [];
      let queued = 0;
      const unqueue = () => {
        if (waiting.delete(flush) && waiting.size === 0) settle();
      };
      const flush = () => {
        unqueue();
        if (frames.length === 0) return;
        const bytes = frames.length === 1 ? frames[0] : Buffer.concat(frames, queued);
        frames = [];
        queued = 0;
        write(bytes);
      };
      return {
        send(bytes) {
          frames.push(bytes);
          queued += bytes.length;
          if (!waiting.has(flush)) waiting.set(flush, ++queuedSeq);
          schedule();
        },
        flush,
        discard() {
          frames = [];
          queued = 0;
          unqueue();
        },
        get queued() {
          return queued;
        },
      };
    },
  };
}
