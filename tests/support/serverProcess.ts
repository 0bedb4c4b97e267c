import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { freePort } from '../../scripts/startPlatform';

/*
 * The real server as an operator runs it (`node --import tsx server/main.ts`, what `npm run serve` does), in a child
 * process that a test can signal (SIGTERM, SIGKILL), and a small HTTP client that tells a refused connection from a
 * failed answer.
 */

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process printed (for failure messages). */
  output(): string;
}

/** Starts server/main.ts on a free loopback port with `env` and waits until it is ready. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${out}`);
    const res = await call(url, 'GET', '/v1/health/ready');
    if ('status' in res && res.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => out };
}

export type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> } | { error: string };

/** One HTTP call; transport failures come back as `{ error: code }` (ECONNREFUSED, ECONNRESET, …). */
export function call(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown; agent?: Agent | false } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: opts.agent ?? false,
        headers: { ...opts.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: `truncated ${err.code ?? err.message}` }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

/** Signs in with local sign-in as `name`: the headers of a browser-like client (cookies and the CSRF token). */
export async function signInHeaders(base: string, name: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (answer: Answer) => {
    if (!('status' in answer)) throw new Error(`sign-in failed: ${answer.error}`);
    for (const line of ([] as string[]).concat(answer.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return answer;
  };
  keep(await call(base, 'GET', `/v1/auth/discord?as=${encodeURIComponent(name)}`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = keep(await call(base, 'GET', '/v1/auth/csrf', { headers: { cookie: cookie() } }));
  return { cookie: cookie(), 'x-csrf-token': JSON.parse((csrf as { body: string }).body).token as string };
}
