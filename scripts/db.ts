/**
 * `npm run db:backup -- [file]` and `npm run db:restore -- <file> [--replace]` for the embedded database (PGlite in
 * DATA_DIR, default ./data), issue 24. A backup is taken from the running server when there is one (a consistent
 * copy while it serves), else from the directory itself; default file: backups/clutch-<time>.tar.gz. A restore
 * needs the server stopped and an empty DATA_DIR (--replace keeps the current one aside). With DATABASE_URL the
 * database is PostgreSQL: use pg_dump and pg_restore (README "Operating Clutch").
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupDataDir, restoreDataDir } from '../server/ops/backup';

const [command, ...args] = process.argv.slice(2);
const dataDir = resolve(process.env.DATA_DIR ?? './data');

async function main() {
  if (process.env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: this database is PostgreSQL. Back it up with pg_dump -Fc and restore with pg_restore (README, "Operating Clutch").',
    );
  }
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = resolve(args[0] ?? `backups/clutch-${stamp}.tar.gz`);
    const { data, fromRunningServer } = await backupDataDir(dataDir);
    mkdirSync(dirname(file), { recursive: true });
    // Written beside, then renamed: a backup file is never half written.
    writeFileSync(`${file}.partial`, data, { mode: 0o600 });
    renameSync(`${file}.partial`, file);
    console.log(`Backed up ${dataDir} (${fromRunningServer ? 'from the running server' : 'no server running'}) to ${file}: ${(data.length / 1024 / 1024).toFixed(1)} MB`);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Usage: npm run db:restore -- <backup file> [--replace]');
    const { users, keptAs } = await restoreDataDir(readFileSync(resolve(file)), dataDir, { replace: args.includes('--replace') });
    if (keptAs) console.log(`The data that was in ${dataDir} is kept in ${keptAs}`);
    console.log(`Restored ${resolve(file)} into ${dataDir}: ${users} user${users === 1 ? '' : 's'}. Start the server with DATA_DIR=${dataDir}.`);
  } else {
    throw new Error('Usage: npm run db:backup -- [file] | npm run db:restore -- <file> [--replace]');
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
