import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TAdminSummary } from '../../shared/account.ts';
import { snapshotDatabase } from '../../test-support/db-snapshot.ts';
import { setUpPerson, setUpTestApp, uploadAvatar } from '../../test-support/set-up.ts';
import { expectSignedOutRefused } from '../../test-support/signed-out.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { modelSetFromConfig } from '../ai/model-set.ts';
import { createApp } from '../app.ts';
import { rowsOf } from '../db/client.ts';
import { insertIdpAccount } from '../db/queries/idp.ts';
import { idpAccounts, memories, uploads, users } from '../db/schema.ts';
import { cleanupJob } from '../jobs/cleanup.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { createLogger } from '../lib/logger.ts';
import type { TAccountExport } from '../services/account/export-data.ts';

const t = setUpTestApp();
const owner = setUpPerson(t);
const me = setUpPerson(t, { name: 'Mia Example' });
const other = setUpPerson(t);

async function giveData(user: TTestUser) {
  const avatarUrl = await uploadAvatar(t, user);
  const character = await (
    await call(t, 'POST', '/api/character-personas', {
      user,
      json: { name: 'Nova', tagline: 'A star', description: `Nova of ${user.username}`, avatarUrl },
    })
  ).json();
  const chat = await (
    await call(t, 'POST', '/api/chatlogs', {
      user,
      json: {
        userId: user.id,
        characterId: character.id,
        conversation: [
          { role: 'user', content: `hello from ${user.username}` },
          { role: 'assistant', content: 'hi there' },
        ],
      },
    })
  ).json();
  await t.database.db.insert(memories).values({
    userId: user.id,
    characterId: character.id,
    content: `${user.username} likes tea`,
    characterName: 'Nova',
  });
  return { avatarUrl, character, chat };
}

const fileOf = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

describe('signed out', () => {
  it('every call of /api/account and /api/admin is 401', async () => {
    await expectSignedOutRefused(
      t,
      [
        ['GET', '/api/account/export'],
        ['DELETE', '/api/account'],
        ['GET', '/api/admin/summary'],
        ['GET', '/api/admin/me'],
      ],
      { confirm: 'x' },
    );
  });
});

describe('Download my data', () => {
  it('is one JSON file with every chat, message, character, memory and upload of mine, and nobody else’s', async () => {
    const mine = await giveData(me);
    await giveData(other);
    const res = await call(t, 'GET', '/api/account/export', { user: me });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kindred-person\w+-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = (await res.json()) as TAccountExport;
    expect(data.format).toBe('kindred-export/1');
    expect(data.parts.profile).toEqual([expect.objectContaining({ id: me.id, email: me.email })]);
    expect(data.parts.characters).toEqual([expect.objectContaining({ id: mine.character.id })]);
    expect(data.parts.chats).toEqual([expect.objectContaining({ uuid: mine.chat.uuid })]);
    expect((data.parts.messages as { content: string }[]).map((m) => m.content)).toEqual([
      `hello from ${me.username}`,
      'hi there',
    ]);
    expect(data.parts.memories).toEqual([expect.objectContaining({ content: `${me.username} likes tea` })]);
    expect(data.parts.uploads).toEqual([expect.objectContaining({ url: mine.avatarUrl, userId: me.id })]);
    expect(data.files).toHaveLength(1);
    expect(Buffer.from(data.files[0]!.base64, 'base64').subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(JSON.stringify(data)).not.toContain(other.username);
  });

  it("says whether the person has Plus, as their plan does (a Plus person's export said false)", async () => {
    const plus = await createSignedInUser(t.database, { isSubscribed: true });
    const exportOf = async (user: TTestUser) =>
      ((await (await call(t, 'GET', '/api/account/export', { user })).json()) as TAccountExport).parts
        .profile;
    expect(await exportOf(plus)).toEqual([expect.objectContaining({ id: plus.id, isSubscribed: true })]);
    expect(await exportOf(other)).toEqual([expect.objectContaining({ id: other.id, isSubscribed: false })]);
    // The account lookup reads the plan the same way (it read a subscription's own id as the person's).
    const lookup = await call(t, 'GET', `/api/users/email?email=${encodeURIComponent(plus.email)}`, {
      user: plus,
    });
    expect(await lookup.json()).toMatchObject({ id: plus.id, isSubscribed: true });
    // The column that was never written is gone: the plan has one source, the stored subscription.
    const columns = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`select column_name as name from information_schema.columns where table_name = 'users'`,
      ),
    ).map((c) => c.name);
    expect(columns).toContain('email');
    expect(columns).not.toContain('is_subscribed');
    // The owner's summary below counts everyone: this person goes again.
    await t.database.db.delete(users).where(eq(users.id, plus.id));
  });
});

describe('Delete my account', () => {
  it('refuses a wrong or missing confirmation and a malformed body, changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    for (const json of [
      { confirm: 'not-my-name' },
      {},
      { confirm: 42 },
      'not json',
      { confirm: `${me.username}\u0000` },
    ]) {
      const res = await call(t, 'DELETE', '/api/account', { user: me, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'bad_request', message: expect.any(String) });
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('removes everything of mine, my files and provider account, signs me out, and leaves others alone', async () => {
    const person = await createSignedInUser(t.database);
    const data = await giveData(person);
    await t.database.db.update(users).set({ stripeCustomerId: 'cus_test123' }).where(eq(users.id, person.id));
    await insertIdpAccount(t.database.db, {
      id: 'idp-del',
      email: person.email,
      name: 'X',
      passwordHash: 'h',
    });
    const othersBefore = await call(t, 'GET', '/api/account/export', { user: other });
    expect(existsSync(fileOf(data.avatarUrl))).toBe(true);

    const res = await call(t, 'DELETE', '/api/account', { user: person, json: { confirm: person.username } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, filesRemoved: 1 });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/authjs\.session-token=;/);

    expect(existsSync(fileOf(data.avatarUrl))).toBe(false);
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.userId, person.id))).toEqual([]);
    expect(await db.select().from(memories).where(eq(memories.userId, person.id))).toEqual([]);
    expect(await db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email))).toEqual([]);
    expect((await call(t, 'GET', '/api/account/export', { user: person })).status).toBe(401);
    expect((await call(t, 'GET', `/api/chatlogs/${data.chat.uuid}`, { user: other })).status).toBe(404);

    const othersAfter = await call(t, 'GET', '/api/account/export', { user: other });
    const strip = (d: TAccountExport) => ({ ...d, exportedAt: '' });
    expect(strip(await othersAfter.json())).toEqual(strip(await othersBefore.json()));
  });
});

describe('/api/admin', () => {
  it('the owner (the first account) sees people, models and jobs; another person gets 403', async () => {
    expect(await (await call(t, 'GET', '/api/admin/me', { user: owner })).json()).toEqual({ isOwner: true });
    expect(await (await call(t, 'GET', '/api/admin/me', { user: me })).json()).toEqual({ isOwner: false });
    const denied = await call(t, 'GET', '/api/admin/summary', { user: me });
    expect(denied.status).toBe(403);
    expect((await denied.json()).code).toBe('forbidden');

    const res = await call(t, 'GET', '/api/admin/summary', { user: owner });
    expect(res.status).toBe(200);
    const summary = (await res.json()) as TAdminSummary;
    const total = (await t.database.db.select().from(users)).length;
    expect(summary.people).toEqual({ total, plus: 0, free: total });
    expect(summary.models.local.embedded).toEqual({ file: t.config.LLAMA_MODEL_FILE, isPresent: false });
    expect(summary.models.download).toEqual({ state: 'idle' });
    expect(summary.jobs).toBeNull();
  });

  it('ADMIN_EMAILS names the owners instead of the first account', async () => {
    const app = createApp({
      config: { ...t.config, adminEmails: [me.email] },
      database: t.database,
      logger: createLogger('silent'),
    });
    const get = (user: TTestUser) =>
      app.request('/api/admin/summary', { headers: { cookie: user.cookie, origin: t.config.publicUrl } });
    expect((await get(me)).status).toBe(200);
    expect((await get(owner)).status).toBe(403);
  });

  it('shows the job queue of the runner, with the cleanup job', async () => {
    const log = createLogger('silent');
    const jobs = createJobRunner({
      database: t.database,
      jobs: [cleanupJob()],
      context: { config: t.config, log, models: modelSetFromConfig(t.config) },
      log,
    });
    await jobs.start();
    try {
      const app = createApp({ config: t.config, database: t.database, logger: log, jobs });
      const res = await app.request('/api/admin/summary', { headers: { cookie: owner.cookie } });
      const summary = (await res.json()) as TAdminSummary;
      expect(summary.jobs).toEqual([expect.objectContaining({ name: 'cleanup' })]);
    } finally {
      await jobs.stop();
    }
  });
});
