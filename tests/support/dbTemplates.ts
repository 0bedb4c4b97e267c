/**
 * One migrated database, and one migrated and seeded, made once per test run (a vitest globalSetup of the projects
 * that start servers) and copied for each server a test starts, instead of migrating (and seeding) every time:
 * PGlite loads a dumped data directory, PostgreSQL creates the database from a template. Every server still gets its
 * own fresh copy.
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';

const DAY = 86_400_000;

/** Where the copies come from: PGlite tarballs (paths) or PostgreSQL template databases (names). */
export interface DbTemplates {
  kind: 'pglite' | 'postgres';
  migrated: string;
  seeded: string;
  /** The demo league's dates are relative to the start of the day it was seeded on (UTC): this day, in ms. */
  seededDay: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** The start of `now`'s day, as the seed counts it. */
export const dayOf = (now: number) => Math.floor(now / DAY) * DAY;

/** A PostgreSQL connection to DATABASE_URL's server (for CREATE and DROP DATABASE). */
async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** DATABASE_URL with another database name. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` on DATABASE_URL's server, empty or as a copy of `template`. */
export async function createPostgresDatabase(name: string, template?: string): Promise<void> {
  await withAdmin((c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
}

/** Drops database `name` from DATABASE_URL's server, closing its connections. */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

async function buildPglite(now: number): Promise<{ templates: DbTemplates; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'clutch-db-templates-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const dump = async (name: string) => {
      const file = join(dir, name);
      writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      return file;
    };
    await database.migrate();
    const migrated = await dump('migrated.tar');
    await seedIfEmpty(database.db, now);
    const seeded = await dump('seeded.tar');
    return { templates: { kind: 'pglite', migrated, seeded, seededDay: dayOf(now) }, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function buildPostgres(now: number): Promise<{ templates: DbTemplates; remove: () => Promise<void> }> {
  const prefix = `clutch_test_template_${randomBytes(4).toString('hex')}`;
  const migrated = `${prefix}_migrated`;
  const seeded = `${prefix}_seeded`;
  const remove = async () => {
    await dropPostgresDatabase(migrated);
    await dropPostgresDatabase(seeded);
  };
  try {
    const fill = async (name: string, fillWith: (database: Database) => Promise<void>, template?: string) => {
      await createPostgresDatabase(name, template);
      const database = await openDatabase({ databaseUrl: postgresUrl(name), dataDir: 'memory://' });
      try {
        await fillWith(database);
      } finally {
        await database.close();
      }
    };
    await fill(migrated, (d) => d.migrate());
    await fill(seeded, (d) => seedIfEmpty(d.db, now).then(() => undefined), migrated);
  } catch (err) {
    await remove();
    throw err;
  }
  return { templates: { kind: 'postgres', migrated, seeded, seededDay: dayOf(now) }, remove };
}

type Shared = { built: Promise<{ templates: DbTemplates; remove: () => void | Promise<void> }>; users: number };
const SHARED = Symbol.for('clutch.dbTemplates');
const registry = globalThis as unknown as { [SHARED]?: Shared };

/**
 * The globalSetup: builds the templates for the database the run uses (TEST_DB) and provides where they are.
 * Several projects of one run share one set (each project loads this file on its own).
 */
export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= {
    built: process.env.TEST_DB === 'postgres' ? buildPostgres(Date.now()) : buildPglite(Date.now()),
    users: 0,
  });
  shared.users++;
  const { templates, remove } = await shared.built;
  project.provide('dbTemplates', templates);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await remove();
  };
}
