import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createStorage } from './index.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-cfg-'));

describe('createStorage', () => {
  it('uses the data folder by default and a bucket when S3 is configured', () => {
    expect(createStorage(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local');
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'kindred',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_URL: 'https://cdn.example/kindred',
    });
    expect(createStorage(config).kind).toBe('s3');
  });

  it('refuses a bucket without keys or public URL at start-up', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'kindred' })).toThrow(/S3_PUBLIC_URL/);
  });
});
