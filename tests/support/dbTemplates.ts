/**
 * Fresh databases for the test servers, without migrating (and seeding) each one: the first server of a test run
 * that needs a migrated database makes it and keeps a copy, and every later one starts from that copy (PGlite loads
 * the dumped data directory; PostgreSQL creates the database from a template database); likewise for the seeded
 * demo league. Every server still gets its own fresh database.
 *
 * The globalSetup below gives the run a folder where the copies live (made on first use, so a run that starts no
 * server makes none) and removes them at its end. Test processes share them through that folder: one makes a copy
 * while holding a lock, the others wait for it.
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { Blob as NodeBlob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { blobBytes } from './blobBytes';

const DAY = 86_400_000;
/** How long a test process waits for another one's copy before it makes its own database. */
const WAIT_MS = 180_000;

/** Where this run keeps its database copies. */
export interface DbTemplates {
  dir: string;
  /** Names this run's PostgreSQL template databases. */
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** A fresh database of one test server; `drop` removes a throwaway PostgreSQL database. */
export interface FreshDatabase {
  database: Database;
  databaseUrl?: string;
  drop?: () => Promise<void>;
}

/** The demo league's dates are relative to the start of the day (UTC) it is seeded on: copies are kept per day. */
const dayOf = (now: number) => Math.floor(now / DAY) * DAY;

/** A PostgreSQL connection to DATABASE_URL's server (for CREATE and DROP DATABASE). */
async function withAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL with another database name. */
const postgresUrl = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

const createPostgresDatabase = (name: string, template?: string) =>
  withAdmin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
const dropPostgresDatabase = (name: string) => withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));

/** A throwaway PostgreSQL database (a copy of `template` when given), dropped by `drop`. */
async function throwawayPostgres(template?: string): Promise<FreshDatabase> {
  const name = `clutch_test_${randomBytes(6).toString('hex')}`;
  await createPostgresDatabase(name, template);
  const database = await openDatabase({ databaseUrl: postgresUrl(name), dataDir: 'memory://' });
  return { database, databaseUrl: postgresUrl(name), drop: () => dropPostgresDatabase(name) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the test process that took `lock` has ended without letting it go (a worker stopped mid-way). */
function abandoned(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs `make` unless copy `name` of the run is made already, in one test process at a time; answers whether this
 * call made it, or null when another process held the lock past the wait (the caller then does without the copy).
 */
async function makeOnce(dir: string, name: string, make: () => Promise<void>): Promise<boolean | null> {
  const done = join(dir, `${name}.done`);
  const lock = join(dir, `${name}.lock`);
  const since = Date.now();
  for (;;) {
    if (existsSync(done)) return false;
    try {
      mkdirSync(lock);
    } catch {
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - since > WAIT_MS) return null;
      else await sleep(100);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      if (existsSync(done)) return false;
      await make();
      writeFileSync(done, '');
      return true;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Writes `database`'s PGlite data directory to `file` (whole or not at all). */
async function dumpTo(database: Database, file: string) {
  writeFileSync(`${file}.part`, Buffer.from(await blobBytes(await database.dumpDataDir!())));
  renameSync(`${file}.part`, file);
}

// Node's Blob: the view tests' jsdom Blob cannot hand PGlite its bytes.
const loadPglite = (file: string) => openDatabase({ dataDir: 'memory://', loadDataDir: new NodeBlob([readFileSync(file)]) as unknown as Blob });

async function migratedPglite() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return database;
}

/** An in-memory PGlite database, migrated (and seeded for `now`'s day), from the run's copies. */
async function pgliteFrom(templates: DbTemplates, seed: boolean, now: number): Promise<Database> {
  const migratedFile = join(templates.dir, 'migrated.tar');
  const seeded = `seeded-${dayOf(now)}`;
  const seededFile = join(templates.dir, `${seeded}.tar`);
  /** The database this call made itself (migrated; seeded when `seededHere`), if it made one. */
  const made: { db: Database | null; seededHere: boolean } = { db: null, seededHere: false };
  try {
    const migrated = await makeOnce(templates.dir, 'migrated', async () => {
      made.db = await migratedPglite();
      await dumpTo(made.db, migratedFile);
    });
    if (migrated === null) made.db = await migratedPglite();
    if (!seed) return made.db ?? (await loadPglite(migratedFile));
    const seededCopy =
      migrated === null
        ? null
        : await makeOnce(templates.dir, seeded, async () => {
            made.db ??= await loadPglite(migratedFile);
            await seedIfEmpty(made.db.db, now);
            made.seededHere = true;
            await dumpTo(made.db, seededFile);
          });
    if (!made.db && seededCopy !== null) return await loadPglite(seededFile);
    made.db ??= await loadPglite(migratedFile);
    if (!made.seededHere) await seedIfEmpty(made.db.db, now);
    return made.db;
  } catch (err) {
    await made.db?.close();
    throw err;
  }
}

/** A throwaway PostgreSQL database, migrated (and seeded for `now`'s day), from the run's template databases. */
async function postgresFrom(templates: DbTemplates, seed: boolean, now: number): Promise<FreshDatabase> {
  const prefix = `clutch_test_template_${templates.runId}`;
  /** Creates template database `name` (from `from`, or empty) and fills it; the run's teardown drops it. */
  const template = (name: string, fill: (database: Database) => Promise<unknown>, from?: string) =>
    makeOnce(templates.dir, name, async () => {
      writeFileSync(join(templates.dir, `${name}.pgname`), `${prefix}_${name}`);
      await createPostgresDatabase(`${prefix}_${name}`, from);
      const database = await openDatabase({ databaseUrl: postgresUrl(`${prefix}_${name}`), dataDir: 'memory://' });
      try {
        await fill(database);
      } finally {
        await database.close();
      }
    });
  const seeded = `seeded_${dayOf(now)}`;
  if ((await template('migrated', (d) => d.migrate())) === null) return seededIfAsked(await throwawayPostgres(), seed, now, true);
  if (!seed) return throwawayPostgres(`${prefix}_migrated`);
  if ((await template(seeded, (d) => seedIfEmpty(d.db, now), `${prefix}_migrated`)) === null) {
    return seededIfAsked(await throwawayPostgres(`${prefix}_migrated`), seed, now, false);
  }
  return throwawayPostgres(`${prefix}_${seeded}`);
}

async function seededIfAsked(fresh: FreshDatabase, seed: boolean, now: number, migrate: boolean) {
  if (migrate) await fresh.database.migrate();
  if (seed) await seedIfEmpty(fresh.database.db, now);
  return fresh;
}

/**
 * A fresh database for one test server, migrated, and seeded with the demo league (for `now`'s day) when `seed`:
 * from the run's copies when the run has a folder for them (`templates`), else migrated and seeded here.
 */
export async function freshDatabase(kind: 'pglite' | 'postgres', templates: DbTemplates | undefined, seed: boolean, now: number): Promise<FreshDatabase> {
  if (kind === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    return templates ? postgresFrom(templates, seed, now) : seededIfAsked(await throwawayPostgres(), seed, now, true);
  }
  if (templates) return { database: await pgliteFrom(templates, seed, now) };
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  if (seed) await seedIfEmpty(database.db, now);
  return { database };
}

type Shared = { templates: DbTemplates; users: number };
const SHARED = Symbol.for('clutch.dbTemplates');
const registry = globalThis as unknown as { [SHARED]?: Shared };

/**
 * The globalSetup of the projects that start servers: one folder for the run's copies (shared by the projects of
 * one run), removed at the end with the PostgreSQL template databases made into it.
 */
export default function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= {
    templates: { dir: mkdtempSync(join(tmpdir(), 'clutch-db-templates-')), runId: randomBytes(4).toString('hex') },
    users: 0,
  });
  shared.users++;
  project.provide('dbTemplates', shared.templates);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    const { dir } = shared.templates;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.pgname'))) {
      await dropPostgresDatabase(readFileSync(join(dir, file), 'utf8'));
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
