// npm run db:restore <file>: replaces the embedded database (PGlite) of DATA_DIR with a db:backup dump.
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { restoreEmbeddedDatabase } from '../src/server/db/backup.ts';

loadDotEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- <backup.tar.gz>   (stop the server first)');
  process.exit(1);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore/psql instead.');
  process.exit(1);
}
const { keptAs } = await restoreEmbeddedDatabase(config.dataDir, file);
console.log(
  `Restored the embedded database from ${file}${keptAs ? `; the previous one is kept at ${keptAs}` : ''}`,
);
