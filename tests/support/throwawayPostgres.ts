import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/startPlatform';

/*
 * A PostgreSQL cluster of a test's (or benchmark's) own, which it may stop and start: initdb into a temporary
 * folder, on a free loopback port, never the shared server of DATABASE_URL. As .ci/run does it: Debian's binaries
 * (/usr/lib/postgresql/<newest>/bin), run as the postgres user when we are root (initdb refuses root).
 */

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
}

export interface ThrowawayPostgres {
  /** postgres://clutch@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  start(): void;
  /** Stops the server (fast shutdown: connections are terminated, as in a restart). */
  stop(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

export async function startThrowawayPostgres(settings: string[] = []): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'clutch-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    const res = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'clutch', '--no-sync']);
  const port = await freePort();
  const options = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', ...settings.flatMap((s) => ['-c', s])];
  let running = false;
  const pg: ThrowawayPostgres = {
    url: `postgres://clutch@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-o', options.join(' '), '-l', join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        pg.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  pg.start();
  return pg;
}
