// What a server loads at start: the packages for what it is configured to use, not every one it could use.
// node-llama-cpp (the embedded model and encoder), Stripe and PGlite made a server on PostgreSQL with a
// remote model hold 19 MB more heap (60 MB against 41) and start 1.3 s later.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('packages loaded at start', () => {
  it('a server on PostgreSQL with a remote model and no Stripe loads neither node-llama-cpp, Stripe nor PGlite', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/test-support/packages-at-start.ts'],
      { cwd: root, timeout: 60_000 },
    );
    const packages = JSON.parse(stdout) as string[];
    // The hook saw the app being built.
    expect(packages).toEqual(expect.arrayContaining(['hono', 'pg', 'drizzle-orm', 'oidc-provider']));
    expect(packages).not.toContain('node-llama-cpp');
    expect(packages).not.toContain('stripe');
    expect(packages).not.toContain('@electric-sql/pglite');
  }, 90_000);
});
