import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The SPA's production build (also run by `npm test` beside lint and the type check, scripts/test.ts). */
export const SPA_BUILD = { cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'], env: { NODE_ENV: 'production' } };

/**
 * Builds the SPA into dist/ the way `npm run build` does (a production build, even when called from vitest's
 * NODE_ENV=test); `cwd`: another checkout (benchmarks measuring an older commit).
 */
export function buildSpa(cwd?: string): void {
  const build = spawnSync(SPA_BUILD.cmd[0], SPA_BUILD.cmd.slice(1), { cwd, stdio: 'inherit', env: { ...process.env, ...SPA_BUILD.env } });
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * A throw-away self-signed certificate for localhost and 127.0.0.1, made in `dir` by the openssl CLI (Debian:
 * /usr/bin/openssl), for HTTPS in tests and benchmarks: the PEM files (TLS_CERT_FILE, TLS_KEY_FILE) and the
 * certificate itself (a client's `ca`).
 */
export function selfSignedCertificate(dir: string): { certFile: string; keyFile: string; cert: Buffer } {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '7', '-subj', '/CN=localhost'];
  args.push('-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile);
  const made = spawnSync('openssl', args, { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.error?.message ?? made.stderr}`);
  return { certFile, keyFile, cert: readFileSync(certFile) };
}

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A GET's answer, read whole. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One GET over http or https (`ca`: the certificate to trust, a self-signed one); fails on a transport error. */
export function get(url: string, opts: { ca?: Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    client
      .get(url, { ca: opts.ca, headers: opts.headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface Platform {
  baseURL: string;
  /** The self-signed certificate it serves (`https: true`), for clients to trust. */
  ca?: Buffer;
  /** GET a path of the platform (over https with `ca` when it serves https). */
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  stop(): Promise<void>;
}

/**
 * Starts the platform the way `npm start` does (server/main.ts serving dist/ on one port, migrating and seeding a
 * fresh PGlite database in a temporary DATA_DIR) on a free loopback port, with local sign-in and local payments.
 * Used by the browser tests and the benchmarks; `prepare` may write to the DATA_DIR first (benchmark fixtures), `cwd`
 * runs another checkout's server (with its own dist/), `env` adds variables (STATIC_DIR); `https`: HTTPS with HTTP/2
 * on a throw-away self-signed certificate (TLS_CERT_FILE, TLS_KEY_FILE).
 */
export async function startPlatform(
  opts: { prepare?: (dataDir: string) => Promise<void>; cwd?: string; env?: NodeJS.ProcessEnv; https?: boolean } = {},
): Promise<Platform> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'clutch-platform-'));
  await opts.prepare?.(dataDir);
  const certificate = opts.https ? selfSignedCertificate(dataDir) : null;
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' };
  delete env.DATABASE_URL;
  delete env.DISCORD_CLIENT_ID;
  delete env.STRIPE_SECRET_KEY;
  delete env.TLS_CERT_FILE;
  delete env.TLS_KEY_FILE;
  if (certificate) Object.assign(env, { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: opts.cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  const ca = certificate?.cert;
  const platform: Platform = { baseURL, ca, get: (path, headers) => get(`${baseURL}${path}`, { ca, headers }), stop };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    try {
      // Ready, not just up: the server listens before its migrations and demo seed are done.
      if ((await platform.get('/v1/health/ready')).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return platform;
}
