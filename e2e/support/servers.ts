// Starts real Kindred servers for the browser suite, each on its own port, data folder and configuration.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverArgs } from '../../src/test-support/start-flags.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type TRunningServer = { url: string; dataDir: string; stop(): Promise<void> };

export async function startKindred(env: Record<string, string> = {}): Promise<TRunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-e2e-'));
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The whole suite signs in from 127.0.0.1, as a few people who answer, regenerate and continue far
      // more than 30 times a minute (the hardening spec sets its own limits).
      SIGN_IN_LIMIT_PER_ADDRESS: '100000',
      UPLOAD_LIMIT_PER_ADDRESS: '100000',
      REPLY_LIMIT_PER_ADDRESS: '100000',
      REPLY_LIMIT_PER_PERSON: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Kindred exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('Kindred did not become ready within 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
