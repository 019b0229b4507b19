import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite, pgliteDir } from './pglite.ts';

async function rows(dataDir: string) {
  const client = await openPglite(pgliteDir(dataDir));
  try {
    return (await client.query<{ note: string }>('select note from notes order by note')).rows.map(
      (r) => r.note,
    );
  } finally {
    await client.close();
  }
}

const npm = (args: string[], dataDir: string) =>
  execFileSync('npm', ['run', '--silent', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('npm run db:backup / db:restore (the embedded database)', () => {
  it('backs up the data dir and restores it, keeping the replaced one aside', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-backup-'));
    const client = await openPglite(pgliteDir(dataDir));
    await client.exec(`create table notes (note text); insert into notes values ('before backup');`);
    await client.close();

    const file = path.join(dataDir, 'backup.tar.gz');
    expect(npm(['db:backup', '--', file], dataDir)).toContain('Backed up the embedded database');
    expect(existsSync(file)).toBe(true);

    const later = await openPglite(pgliteDir(dataDir));
    await later.exec(`insert into notes values ('after backup')`);
    await later.close();
    expect(await rows(dataDir)).toEqual(['after backup', 'before backup']);

    expect(npm(['db:restore', '--', file], dataDir)).toMatch(/Restored .* previous one is kept at/);
    expect(await rows(dataDir)).toEqual(['before backup']);
  });
});
