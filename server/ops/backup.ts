import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/*
 * Backups of the embedded database (issue 24). A PGlite data directory belongs to one process, so a running
 * server takes the backup itself: it listens on a Unix socket of its own (only its user may connect), and
 * `npm run db:backup` asks there first; with no server running it opens the data directory itself. A backup is
 * PGlite's gzipped data directory (taken between queries, after a CHECKPOINT; a transaction still open is left
 * out, as after a crash), the session secret included. `npm run db:restore` unpacks one into a data directory no
 * server is using. PostgreSQL deployments use pg_dump and pg_restore (README "Operating Clutch").
 */

/** The admin socket of the server on `dataDir`: in the temporary folder (a socket path must stay short). */
export function adminSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(tmpdir(), `clutch-admin-${id}.sock`);
}

export const DATA_DIR_IN_USE = (dataDir: string) =>
  `Another Clutch server is using ${dataDir} (PGlite data belongs to one process): stop it first, or use another DATA_DIR`;

/** Whether a server answers on the admin socket of `dataDir`. */
function socketAnswers(path: string): Promise<boolean> {
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((done) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * Serves backups of the running server's data on its admin socket. Refuses to start when another server already
 * answers there (two processes on one PGlite directory would corrupt it); a socket left by a killed server is removed.
 * Resolves to the function that stops it.
 */
export async function startAdminSocket(dataDir: string, dump: () => Promise<Blob>): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  if (await socketAnswers(path)) throw new Error(DATA_DIR_IN_USE(dataDir));
  rmSync(path, { force: true });
  let dumping: Promise<Buffer> | null = null;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') return void res.writeHead(404).end();
    // Concurrent asks share one dump.
    dumping ??= dump()
      .then(async (blob) => Buffer.from(await blob.arrayBuffer()))
      .finally(() => (dumping = null));
    dumping.then(
      (body) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`backup failed: ${err.message}`),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
}

/** Asks the server running on `dataDir` for a backup; null when none is running. */
function askRunningServer(dataDir: string): Promise<Buffer | null> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) done(body);
        else fail(new Error(body.toString('utf8') || `the server answered ${res.statusCode}`));
      });
      res.on('error', fail);
    });
    // A socket file without a server behind it: a server was killed; no one is using the data.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? done(null) : fail(err)));
    req.end();
  });
}

/** A backup of `dataDir`, from the running server when there is one, else read from the directory itself. */
export async function backupDataDir(dataDir: string): Promise<{ data: Buffer; fromRunningServer: boolean }> {
  const served = await askRunningServer(dataDir);
  if (served) return { data: served, fromRunningServer: true };
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database`);
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    await client.query('CHECKPOINT');
    const blob = await client.dumpDataDir('gzip');
    return { data: Buffer.from(await blob.arrayBuffer()), fromRunningServer: false };
  } finally {
    await client.close();
  }
}

/**
 * Unpacks a backup into `dataDir`, which no server may be using. A data directory that already holds files is
 * refused unless `replace` is set; then it is kept beside as `<dataDir>.before-restore-<time>`. Resolves to the
 * number of users in the restored database (a quick proof that it opens).
 */
export async function restoreDataDir(backup: Buffer, dataDir: string, opts: { replace?: boolean; now?: number } = {}) {
  if (await socketAnswers(adminSocketPath(dataDir))) throw new Error(DATA_DIR_IN_USE(dataDir));
  let keptAs: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!opts.replace) throw new Error(`${dataDir} is not empty: pass --replace to keep it aside and restore in its place`);
    keptAs = `${dataDir}.before-restore-${new Date(opts.now ?? Date.now()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAs);
  }
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(backup)]) });
  try {
    await client.waitReady;
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    return { users: rows[0].n, keptAs };
  } finally {
    await client.close();
  }
}
