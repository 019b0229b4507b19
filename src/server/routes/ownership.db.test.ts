import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ONLY_OWNER_MESSAGE } from '../../shared/account.ts';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';
import { createApp } from '../app.ts';
import { NO_OWNER_MESSAGE } from '../auth/owner.ts';
import { findUserById } from '../db/queries/users.ts';
import { createLogger } from '../lib/logger.ts';
import { logOwnership } from '../services/admin/log-ownership.ts';

// Finding 5: ownership is the first account's (or ADMIN_EMAILS'), and it is never inherited.
const t = setUpTestApp();
const owner = setUpPerson(t);
const second = setUpPerson(t);

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('the owner leaving', () => {
  it('the only owner must confirm leaving the installation without an owner (409 until then)', async () => {
    const refused = await call(t, 'DELETE', '/api/account', {
      user: owner,
      json: { confirm: owner.username },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: 'conflict', message: ONLY_OWNER_MESSAGE });
    expect(await findUserById(t.database.db, owner.id)).toBeDefined();

    const bad = await call(t, 'DELETE', '/api/account', {
      user: owner,
      json: { confirm: owner.username, leaveWithoutOwner: 'yes' },
    });
    expect(bad.status).toBe(400);
  });

  it('after the owner is deleted nobody owns it: the next account gets 403 saying so, and the log says so', async () => {
    const startLog = capturingLogger();
    await logOwnership(t.database.db, t.config, startLog.log);
    expect(startLog.lines.at(-1)?.msg).toBe('owner: first account');

    const deleted = await call(t, 'DELETE', '/api/account', {
      user: owner,
      json: { confirm: owner.username, leaveWithoutOwner: true },
    });
    expect(deleted.status).toBe(200);

    expect(await (await call(t, 'GET', '/api/admin/me', { user: second })).json()).toEqual({
      isOwner: false,
    });
    for (const [method, url] of [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/support'],
      ['POST', '/api/models/download'],
    ] as const) {
      const res = await call(t, method, url, { user: second, json: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(403);
      expect(await res.json(), url).toEqual({ code: 'no_owner', message: NO_OWNER_MESSAGE });
    }
    // A newer account is not the owner either.
    const third = await createSignedInUser(t.database);
    expect(await (await call(t, 'GET', '/api/admin/me', { user: third })).json()).toEqual({ isOwner: false });

    const laterLog = capturingLogger();
    await logOwnership(t.database.db, t.config, laterLog.log);
    expect(laterLog.lines.at(-1)).toMatchObject({ level: 40, msg: NO_OWNER_MESSAGE });
  });

  it('ADMIN_EMAILS names an owner again; one of several owners leaves without confirming', async () => {
    const third = await createSignedInUser(t.database);
    const app = createApp({
      config: { ...t.config, adminEmails: [second.email, third.email] },
      database: t.database,
      logger: createLogger('silent'),
    });
    const t2 = { ...t, app };
    expect((await call(t2, 'GET', '/api/admin/summary', { user: second })).status).toBe(200);
    const left = await call(t2, 'DELETE', '/api/account', { user: third, json: { confirm: third.username } });
    expect(left.status).toBe(200);
    // Now `second` is the only owner named: leaving needs the confirmation.
    const refused = await call(t2, 'DELETE', '/api/account', {
      user: second,
      json: { confirm: second.username },
    });
    expect(refused.status).toBe(409);
  });
});
