import http from 'node:http';
import type { ClientHttp2Session } from 'node:http2';
import type { Readable } from 'node:stream';

export interface SseEvent {
  id: string;
  event: string;
  data: any;
  /** performance.now() when the event arrived. */
  at: number;
}

/**
 * A server-sent events client over a real socket (what EventSource does, without reconnecting): collects the
 * events of one stream; `next(name)` waits for the next event of that name not yet taken.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  retry: number | null = null;
  private taken = 0;
  private waiters: (() => void)[] = [];
  private request: { destroy(): void } | null = null;
  ended = false;

  /**
   * Resolves once the response headers arrived. Over HTTP/1.1 by default; `session`: as one stream of that HTTP/2
   * session (`url`'s path; the headers then carry `:status`).
   */
  static open(url: string, headers: Record<string, string> = {}, session?: ClientHttp2Session): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const answered = (status: number, responseHeaders: http.IncomingHttpHeaders, body: Readable) => {
        client.status = status;
        client.headers = responseHeaders;
        client.read(body);
        resolve(client);
      };
      if (session) {
        const { pathname, search } = new URL(url);
        const stream = session.request({ ':path': `${pathname}${search}`, accept: 'text/event-stream', ...headers });
        client.request = stream;
        stream.on('response', (h) => answered(Number(h[':status']), h, stream));
        stream.on('error', (err) => (client.status ? undefined : reject(err)));
        return;
      }
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => answered(res.statusCode ?? 0, res.headers, res));
      client.request = request;
      request.on('error', (err) => (client.status ? undefined : reject(err)));
    });
  }

  private read(body: Readable) {
    body.setEncoding('utf8');
    let buffer = '';
    body.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    });
    body.on('end', () => {
      this.ended = true;
      this.wake();
    });
  }

  private parse(block: string) {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const name = at < 0 ? line : line.slice(0, at);
      fields[name] = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    }
    if ('retry' in fields) this.retry = Number(fields.retry);
    if (!('data' in fields)) return;
    this.events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: JSON.parse(fields.data), at: performance.now() });
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The next event named `name` after those already taken (events of other names in between are skipped). */
  async next(name: string, timeoutMs = 2_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.events.findIndex((e, index) => index >= this.taken && e.event === name);
      if (i >= 0) {
        this.taken = i + 1;
        return this.events[i];
      }
      if (this.ended) throw new Error(`stream ended before a "${name}" event`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms; got ${this.events.map((e) => e.event).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether the server ended the stream within `timeoutMs`. */
  async endsWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.ended;
  }

  /** Events not taken yet. */
  rest(): SseEvent[] {
    return this.events.slice(this.taken);
  }

  close() {
    this.request?.destroy();
  }
}
