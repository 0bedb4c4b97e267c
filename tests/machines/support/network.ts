import type { Agent } from '../../support/testServer';

/**
 * The SPA's network to the in-process server, with a valve: `hold(pattern)` keeps matching requests from leaving
 * until `release()`, the way a slow connection would, so a test can look at the screen while a call is in flight.
 * Every answer comes from the real server.
 */
export class Network {
  agent!: Agent;
  /** "METHOD /v1/path?query" of every request, in order. */
  readonly sent: string[] = [];
  private holding: RegExp | null = null;
  private waiting: { request: string; go: () => void }[] = [];
  private inFlight = new Set<Promise<unknown>>();

  fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const request = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
    if (this.holding?.test(request)) await new Promise<void>((go) => this.waiting.push({ request, go }));
    this.sent.push(request);
    const answer = this.agent.fetch(input, init);
    this.inFlight.add(answer);
    void answer.finally(() => this.inFlight.delete(answer)).catch(() => undefined);
    return answer;
  };

  hold(pattern: RegExp) {
    this.holding = pattern;
  }

  /** Lets the held requests go and stops holding. */
  release() {
    this.holding = null;
    this.waiting.splice(0).forEach((w) => w.go());
  }

  /**
   * Lets every held request but the newest go and waits for their answers: calls the app has already given up on
   * (a page or search that changed) finish first, so a failure the test arranges next meets the call that matters.
   */
  async releaseStale() {
    this.waiting.splice(0, Math.max(0, this.waiting.length - 1)).forEach((w) => w.go());
    await this.settled();
  }

  /** Lets the held requests that match `pattern` go (holding goes on for the rest) and waits for every answer. */
  async letThrough(pattern: RegExp) {
    const going = this.waiting.filter((w) => pattern.test(w.request));
    this.waiting = this.waiting.filter((w) => !going.includes(w));
    going.forEach((w) => w.go());
    await this.settled();
  }

  /** Waits until every request that is not held has its answer. */
  async settled() {
    await new Promise((r) => setImmediate(r));
    await Promise.allSettled([...this.inFlight]);
  }

  /** Requests held back right now. */
  get held(): string[] {
    return this.waiting.map((w) => w.request);
  }

  /** Drops what is held without sending it (between tests). */
  reset(agent: Agent) {
    this.agent = agent;
    this.holding = null;
    this.waiting = [];
    this.inFlight.clear();
    this.sent.length = 0;
  }
}
