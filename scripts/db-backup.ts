// npm run db:backup [file]: dumps the embedded database (PGlite) of DATA_DIR to a .tar.gz.
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { backupEmbeddedDatabase } from '../src/server/db/backup.ts';

loadDotEnv();
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.');
  process.exit(1);
}
const file = await backupEmbeddedDatabase(config.dataDir, process.argv[2]);
console.log(`Backed up the embedded database to ${file}`);
