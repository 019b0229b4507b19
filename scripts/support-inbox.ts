// CLI: the operator's support inbox, Plus (priority) messages first (`npm run support:inbox [-- --limit 50]`).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { formatSupportInbox } from '../src/server/services/support/format-inbox.ts';
import { readSupportInbox } from '../src/server/services/support/read-support-inbox.ts';

const USAGE = `Usage: npm run support:inbox -- [--limit <n>]
Prints the newest support messages, priority (Plus) ones first. Reads DATABASE_URL, or the embedded
database in DATA_DIR (stop the server first: the embedded database has one user at a time; while it
runs, the owner reads the same inbox at /admin/support).`;

async function main() {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string', default: '50' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    console.error('--limit must be a whole number from 1 to 500');
    process.exitCode = 1;
    return;
  }
  loadDotEnv();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const isServerUp = await fetch(`${config.publicUrl}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (isServerUp) {
      console.error(
        `Kindred is running on the embedded database (${config.publicUrl}); read the inbox at ${config.publicUrl}/admin/support, or stop the server first.`,
      );
      process.exitCode = 1;
      return;
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(formatSupportInbox(await readSupportInbox(database.db, { limit })));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
