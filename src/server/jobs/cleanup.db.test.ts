import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';
import { avatarPng } from '../../test-support/test-cards.ts';
import { upsertIdpPayload } from '../db/queries/idp.ts';
import { insertSession } from '../db/queries/users.ts';
import { idpPayloads, rateLimits, sessions, uploads } from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import { createStorage } from '../storage/index.ts';
import { cleanupJob, runCleanup } from './cleanup.ts';
import { jobDefinitions } from './index.ts';

const t = setUpTestApp();
const me = setUpPerson(t);

const DAY = 24 * 3600 * 1000;

async function upload(): Promise<string> {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
  const res = await call(t, 'POST', '/upload/avatar', { user: me, body: form });
  return (await res.json()).avatarUrl;
}

const fileOf = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

describe('the cleanup job', () => {
  it('is a registered TJobDefinition', () => {
    expect(jobDefinitions(t.config).map((j) => j.name)).toContain('cleanup');
    expect(cleanupJob().everySeconds).toBeGreaterThan(0);
  });

  it('removes uploads nothing refers to after a day, expired sessions and provider records; keeps the rest', async () => {
    const db = t.database.db;
    const unused = await upload();
    const used = await upload();
    const fresh = await upload();
    expect(
      (
        await call(t, 'POST', '/api/character-personas', {
          user: me,
          json: { name: 'Kept', tagline: 'x', description: 'y', avatarUrl: used },
        })
      ).status,
    ).toBe(201);
    const old = new Date(Date.now() - 2 * DAY);
    for (const url of [unused, used])
      await db.update(uploads).set({ createdAt: old }).where(eq(uploads.url, url));
    await insertSession(db, {
      sessionToken: 'expired-token',
      userId: me.id,
      expires: new Date(Date.now() - 1000),
    });
    await upsertIdpPayload(db, 'Session', 'old-session', { uid: 'u1' }, new Date(Date.now() - 1000));
    await upsertIdpPayload(db, 'Session', 'live-session', { uid: 'u2' }, new Date(Date.now() + DAY));
    await db.insert(rateLimits).values({ key: 'x:old', points: 3, expire: new Date(Date.now() - 1000) });

    const removed = await runCleanup({ db, log: createLogger('silent') }, createStorage(t.config));
    expect(removed).toMatchObject({ uploads: 1, sessions: 1, providerRecords: 1, rateLimits: 1 });

    expect(existsSync(fileOf(unused))).toBe(false);
    expect(existsSync(fileOf(used))).toBe(true);
    expect(existsSync(fileOf(fresh))).toBe(true);
    const left = (await db.select().from(uploads)).map((u) => u.url);
    expect(left).toEqual(expect.arrayContaining([used, fresh]));
    expect(left).not.toContain(unused);
    expect(await db.select().from(sessions).where(eq(sessions.sessionToken, 'expired-token'))).toEqual([]);
    expect((await db.select().from(idpPayloads)).map((p) => p.id)).toEqual(['live-session']);
    // The signed-in person's live session stays.
    expect((await call(t, 'GET', '/api/models/status', { user: me })).status).toBe(200);
  });
});
