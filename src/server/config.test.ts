import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ZConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'kindred-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set, generating the auth secret once', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      PORT: 3000,
      publicUrl: 'http://localhost:3000',
      isGoogleConfigured: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.authSecret).toBe(readFileSync(path.join(dir, 'auth-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL']) expect(message).toContain(name);
    }
  });

  it('wants both Google settings or neither', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_GOOGLE_ID: 'x' })).toThrow(/AUTH_GOOGLE_ID/);
    expect(
      loadConfig({ DATA_DIR: dataDir(), AUTH_GOOGLE_ID: 'x', AUTH_GOOGLE_SECRET: 'y' }).isGoogleConfigured,
    ).toBe(true);
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync('.env.example', 'utf8');
    for (const key of Object.keys(ZConfig.shape)) expect(example).toContain(`${key}=`);
  });
});
