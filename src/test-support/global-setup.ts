// With TEST_DATABASE_URL, makes one migrated, seeded Postgres template per run and drops it afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { wrapPostgres } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
  const run = randomBytes(4).toString('hex');
  const template = `kindred_tpl_${run}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = wrapPostgres(withDatabase(url, template), 2);
  await database.migrate();
  await seedDatabase(database.db);
  await database.close();
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'kindred_%${run}%'`,
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
