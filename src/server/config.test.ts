import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeBilling } from './billing/index.ts';
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

describe('the local test checkout (finding 2)', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });

  it('is on by itself only for a loopback PUBLIC_URL, and the start-up line says which', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      const config = load({ PUBLIC_URL: url });
      expect(config.isLocalCheckoutOn, url).toBe(true);
      expect(describeBilling(config)).toContain('is a loopback address');
    }
    expect(load({}).isLocalCheckoutOn).toBe(true);
    for (const url of ['https://kindred.example.com', 'http://192.168.1.20:3000', 'http://127.example.com']) {
      const config = load({ PUBLIC_URL: url });
      expect(config.isLocalCheckoutOn, url).toBe(false);
      expect(describeBilling(config)).toContain('is not a loopback address; set LOCAL_CHECKOUT=on');
    }
  });

  it('LOCAL_CHECKOUT forces it either way; Stripe replaces it', () => {
    expect(load({ PUBLIC_URL: 'https://kindred.example.com', LOCAL_CHECKOUT: 'on' }).isLocalCheckoutOn).toBe(
      true,
    );
    expect(load({ LOCAL_CHECKOUT: 'off' }).isLocalCheckoutOn).toBe(false);
    expect(describeBilling(load({ LOCAL_CHECKOUT: 'off' }))).toContain('LOCAL_CHECKOUT=off');
    const stripe = load({ STRIPE_SECRET_KEY: 'sk', STRIPE_PRICE_ID: 'p', STRIPE_WEBHOOK_SECRET: 'w' });
    expect(stripe.isLocalCheckoutOn).toBe(false);
    expect(describeBilling(stripe)).toBe('billing: Stripe');
  });
});
