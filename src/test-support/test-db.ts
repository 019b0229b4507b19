// A fresh, migrated and seeded database per test file: a PGlite clone, or a Postgres copy of the run's template.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type TDatabase, wrapPostgres } from '../server/db/client.ts';
import { openPglite, wrapPglite } from '../server/db/pglite.ts';
import { seedDatabase } from '../server/db/seed/seed.ts';
import { withDatabase } from './global-setup.ts';

let pgliteTemplate: Promise<PGlite> | undefined;

async function makePgliteTemplate(): Promise<PGlite> {
  const client = await openPglite(undefined);
  const database = wrapPglite(client);
  await database.migrate();
  await seedDatabase(database.db);
  return client;
}

export async function openTestDatabase(): Promise<TDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? inject('pgTemplate') : null;
  if (url && template) {
    const name = `${template.replace('_tpl_', '_t_')}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = wrapPostgres(withDatabase(url, name), 20);
    return { ...database, close: () => database.close() };
  }
  pgliteTemplate ??= makePgliteTemplate();
  const clone = (await (await pgliteTemplate).clone()) as PGlite;
  return wrapPglite(clone);
}
