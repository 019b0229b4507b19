// Backup and restore of the embedded database: PGlite's data-dir dump (a .tar.gz of DATA_DIR/db).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteDir } from './pglite.ts';

/** Writes the dump to `file` (default DATA_DIR/backups/kindred-<time>.tar.gz) and returns its path. */
export async function backupEmbeddedDatabase(dataDir: string, file?: string): Promise<string> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(dir)) throw new Error(`No embedded database at ${dir}`);
  const target =
    file ?? path.join(dataDir, 'backups', `kindred-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  mkdirSync(path.dirname(target), { recursive: true });
  const client = await openPglite(dir);
  try {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return target;
}

/**
 * Replaces DATA_DIR/db with the dump in `file`; the current database is kept beside it as
 * db.before-restore-<time>. Stop the server first.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  file: string,
): Promise<{ keptAs: string | null }> {
  const bytes = readFileSync(file);
  const dir = pgliteDir(dataDir);
  let keptAs: string | null = null;
  if (existsSync(dir)) {
    keptAs = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, keptAs);
  }
  const client = await openPglite(dir, { loadDataDir: new Blob([bytes]) });
  await client.query('select 1');
  await client.close();
  return { keptAs };
}
