import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker, parentPort, workerData } from 'node:worker_threads';

/*
 * The SSE clients of bench:cluster, in worker threads (BENCH_CLIENT_THREADS, default 2): 5,000 clients receiving
 * 10 events a second each are 50,000 events a second to parse, and one event loop would take them one after the
 * other, so the last client of each fan-out would see its event late because of the bench itself. Each thread keeps
 * its share of the clients; every timestamp is `now()` (process.hrtime: one monotonic clock for every thread of the
 * process), read when the client's `data` callback runs. The main thread writes each write's send time into a
 * SharedArrayBuffer before sending it, and the phase (steady, failover) into another.
 */

/** Milliseconds on the process's monotonic clock, the same in every thread (performance.now() is not: each thread has its own origin). */
export const now = () => {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
};

export interface ClientsSetup {
  base: string;
  path: string;
  count: number;
  writes: number;
  /** A write sets a match's due date to this plus its index. */
  base0: number;
  /** Float64Array: each write's send time (now()), 0 until sent. */
  writtenAt: SharedArrayBuffer;
  /** Int32Array [phase]: 0 steady, 1 failover. */
  control: SharedArrayBuffer;
}

export interface ClientsResult {
  steady: number[];
  failover: number[];
  /** Per write: first and last receipt at this thread's clients (now()), Infinity / 0 when none. */
  firstAt: number[];
  lastAt: number[];
  missed: number;
  missedClients: number;
  resets: number;
  errors: string[];
  /** Clients that were at `stopped` at some point: where each is now, and their reconnection times. */
  moved: { backend: string }[];
  reconnects: number[];
}

export interface LoopStats {
  eventLoopUtilization: number;
  loopDelayMs: { p50: number; p99: number; max: number };
}

type ToWorker = { type: 'start' } | { type: 'steadyEnd' } | { type: 'finish'; written: number; stopped: string };
type FromWorker = { type: 'connected' } | { type: 'loop'; stats: LoopStats } | { type: 'result'; result: ClientsResult };

// ---------------------------------------------------------------------------------------------------------------
// The main thread's side

export interface ClientThreads {
  /** The steady phase begins: each thread starts watching its event loop. */
  start(): void;
  /** Each thread's event loop while the steady phase ran. */
  steadyEnd(): Promise<LoopStats[]>;
  finish(written: number, stopped: string): Promise<ClientsResult[]>;
  terminate(): void;
}

/** Starts `threads` workers sharing `count` clients; resolves when every client got its first `ready`. */
export async function startClientThreads(setup: Omit<ClientsSetup, 'count'>, count: number, threads: number): Promise<ClientThreads> {
  const workers = Array.from({ length: threads }, (_, k) => {
    const share = Math.floor(count / threads) + (k < count % threads ? 1 : 0);
    const data: ClientsSetup = { ...setup, count: share };
    // tsx's loader does not reach worker threads by itself on Node 20: the worker imports this file through it.
    const source = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
    return new Worker(source, { eval: true, workerData: data });
  });
  const next = <T extends FromWorker['type']>(w: Worker, type: T) =>
    new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        if (m.type !== type) return;
        w.off('message', onMessage);
        resolve(m as Extract<FromWorker, { type: T }>);
      };
      w.on('message', onMessage);
      w.once('error', reject);
    });
  await Promise.all(workers.map((w) => next(w, 'connected')));
  const ask = <T extends FromWorker['type']>(message: ToWorker, type: T) =>
    Promise.all(
      workers.map((w) => {
        const answer = next(w, type);
        w.postMessage(message);
        return answer;
      }),
    );
  return {
    start: () => workers.forEach((w) => w.postMessage({ type: 'start' } satisfies ToWorker)),
    steadyEnd: async () => (await ask({ type: 'steadyEnd' }, 'loop')).map((m) => m.stats),
    finish: async (written, stopped) => (await ask({ type: 'finish', written, stopped }, 'result')).map((m) => m.result),
    terminate: () => workers.forEach((w) => void w.terminate()),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A worker's side

if (parentPort && workerData && (workerData as ClientsSetup).path) runWorker(workerData as ClientsSetup);

function runWorker(setup: ClientsSetup) {
  const port = parentPort!;
  const writtenAt = new Float64Array(setup.writtenAt);
  const control = new Int32Array(setup.control);
  const WRITES = setup.writes;
  const latency = { steady: [] as number[], failover: [] as number[] };
  const firstAt = new Float64Array(WRITES).fill(Infinity);
  const lastAt = new Float64Array(WRITES);
  /** Write indices of each `matches` event, parsed once for all clients of this thread. */
  const eventWrites = new Map<string, number[]>();

  const target = new URL(setup.base);
  const LF2 = Buffer.from('\n\n');

  /**
   * One EventSource-like client on a plain TCP socket: it writes the GET itself, reads the status line and headers,
   * undoes the chunked transfer encoding and splits the body into SSE blocks, and reconnects after the server's
   * `retry` with Last-Event-ID. Node's HTTP client did the same at two to three times the CPU per event (its parser,
   * a stream per response, a string decoder), and the bench's clients share the machine with what they measure.
   */
  class Client {
    backend = '';
    backends = new Set<string>();
    lastId: string | null = null;
    firstReadyAt = 0;
    readonly got = new Uint8Array(WRITES);
    resets = 0;
    reconnectMs: number[] = [];
    errors: string[] = [];
    private retry = 3_000;
    private lostAt = 0;
    private socket: Socket | null = null;
    private closing = false;

    open(): Promise<void> {
      return new Promise((ready) => {
        const socket = connect(Number(target.port), target.hostname);
        socket.setNoDelay(true);
        this.socket = socket;
        let head: Buffer | null = Buffer.alloc(0);
        /** Chunked body: bytes left of the current chunk (-1: reading a size line), the size line so far. */
        let chunkLeft = -1;
        let sizeLine = '';
        let skipCrlf = 0;
        let body: Buffer | null = null;
        let ended = false;
        const take = (piece: Buffer, at: number) => {
          body = body && body.length ? Buffer.concat([body, piece]) : piece;
          let end: number;
          let from = 0;
          while ((end = body.indexOf(LF2, from)) >= 0) {
            this.block(body.subarray(from, end), at, ready);
            from = end + 2;
          }
          body = from === body.length ? null : body.subarray(from);
        };
        const dechunk = (data: Buffer, at: number) => {
          let i = 0;
          while (i < data.length && !ended) {
            if (skipCrlf) {
              const n = Math.min(skipCrlf, data.length - i);
              skipCrlf -= n;
              i += n;
            } else if (chunkLeft < 0) {
              const nl = data.indexOf(10, i);
              sizeLine += data.toString('latin1', i, nl < 0 ? data.length : nl);
              if (nl < 0) return;
              i = nl + 1;
              chunkLeft = parseInt(sizeLine, 16);
              sizeLine = '';
              if (chunkLeft === 0) ended = true;
            } else {
              const n = Math.min(chunkLeft, data.length - i);
              take(data.subarray(i, i + n), at);
              chunkLeft -= n;
              i += n;
              if (chunkLeft === 0) {
                chunkLeft = -1;
                skipCrlf = 2;
              }
            }
          }
          if (ended) this.lost();
        };
        let chunked = true;
        socket.on('data', (data: Buffer) => {
          const at = now();
          if (head) {
            head = Buffer.concat([head, data]);
            const split = head.indexOf('\r\n\r\n');
            if (split < 0) return;
            const lines = head.toString('latin1', 0, split).split('\r\n');
            const rest = head.subarray(split + 4);
            head = null;
            const status = Number(lines[0].split(' ')[1]);
            if (status !== 200) {
              this.errors.push(`stream answered ${status}`);
              this.closing = true;
              socket.destroy();
              return;
            }
            const header = (name: string) => lines.find((l: string) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
            chunked = header('transfer-encoding') === 'chunked';
            this.backend = header('x-clutch-backend') ?? '?';
            this.backends.add(this.backend);
            data = rest;
          }
          if (chunked) dechunk(data, at);
          else take(data, at);
        });
        // Only the current connection's end counts (an old socket's late `close` is not a new loss).
        const lost = () => this.socket === socket && this.lost();
        socket.on('end', lost);
        socket.on('close', lost);
        socket.on('error', (err) => {
          this.errors.push(err.message);
          lost();
        });
        socket.write(
          `GET ${setup.path} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n${this.lastId ? `Last-Event-ID: ${this.lastId}\r\n` : ''}\r\n`,
        );
      });
    }

    private block(block: Buffer, at: number, ready: () => void) {
      let id: string | null = null;
      let name = 'message';
      let data: Buffer | null = null;
      let from = 0;
      while (from < block.length) {
        let nl = block.indexOf(10, from);
        if (nl < 0) nl = block.length;
        // Field names are ASCII: compare the first byte, then the prefix.
        const first = block[from];
        if (first === 0x69 /* i */ && block.toString('latin1', from, from + 4) === 'id: ') id = block.toString('latin1', from + 4, nl);
        else if (first === 0x65 /* e */ && block.toString('latin1', from, from + 7) === 'event: ') name = block.toString('latin1', from + 7, nl);
        else if (first === 0x64 /* d */ && block.toString('latin1', from, from + 6) === 'data: ') data = block.subarray(from + 6, nl);
        else if (first === 0x72 /* r */ && block.toString('latin1', from, from + 7) === 'retry: ') this.retry = Number(block.toString('latin1', from + 7, nl));
        from = nl + 1;
      }
      if (id !== null) this.lastId = id;
      if (name === 'ready') {
        if (!this.firstReadyAt) this.firstReadyAt = at;
        if (this.lostAt) this.reconnectMs.push(at - this.lostAt);
        this.lostAt = 0;
        ready();
      } else if (name === 'reset') {
        if (this.firstReadyAt) this.resets++;
      } else if (name === 'matches' && id) {
        let writes = eventWrites.get(id);
        if (!writes) {
          writes = (JSON.parse(data ? data.toString('utf8') : 'null') as { matches: { dueByDate: number | null }[] }).matches
            .map((m) => (m.dueByDate ?? 0) - setup.base0)
            .filter((i) => i >= 0 && i < WRITES);
          eventWrites.set(id, writes);
        }
        const list = Atomics.load(control, 0) === 0 ? latency.steady : latency.failover;
        for (const i of writes) {
          if (this.got[i]) continue;
          this.got[i] = 1;
          list.push(at - writtenAt[i]);
          if (at < firstAt[i]) firstAt[i] = at;
          if (at > lastAt[i]) lastAt[i] = at;
        }
      }
    }

    private lost() {
      if (this.closing || this.lostAt) return;
      this.lostAt = now();
      this.socket?.destroy();
      setTimeout(() => void this.open(), this.retry);
    }

    close() {
      this.closing = true;
      this.socket?.destroy();
    }
  }

  const clients: Client[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let elu = performance.eventLoopUtilization();

  port.on('message', (m: ToWorker) => {
    if (m.type === 'start') {
      loop.enable();
      elu = performance.eventLoopUtilization();
      return;
    }
    if (m.type === 'steadyEnd') {
      loop.disable();
      const stats: LoopStats = {
        eventLoopUtilization: Math.round(performance.eventLoopUtilization(elu).utilization * 100) / 100,
        loopDelayMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      };
      port.postMessage({ type: 'loop', stats } satisfies FromWorker);
      return;
    }
    for (const c of clients) c.close();
    // Misses: a write sent after a client's first `ready` that it never got (by event or replay).
    let missed = 0;
    let missedClients = 0;
    for (const c of clients) {
      let mine = 0;
      for (let i = 0; i < m.written; i++) if (writtenAt[i] > c.firstReadyAt && !c.got[i]) mine++;
      missed += mine;
      if (mine) missedClients++;
    }
    const moved = clients.filter((c) => c.backends.has(m.stopped));
    const result: ClientsResult = {
      steady: latency.steady,
      failover: latency.failover,
      firstAt: [...firstAt],
      lastAt: [...lastAt],
      missed,
      missedClients,
      resets: clients.reduce((n, c) => n + c.resets, 0),
      errors: clients.flatMap((c) => c.errors),
      moved: moved.map((c) => ({ backend: c.backend })),
      reconnects: moved.flatMap((c) => c.reconnectMs),
    };
    port.postMessage({ type: 'result', result } satisfies FromWorker);
  });

  void (async () => {
    for (let i = 0; i < setup.count; i += 50) {
      const batch = Array.from({ length: Math.min(50, setup.count - i) }, () => new Client());
      clients.push(...batch);
      await Promise.all(batch.map((c) => c.open()));
    }
    port.postMessage({ type: 'connected' } satisfies FromWorker);
  })();
}
