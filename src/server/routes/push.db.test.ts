// Web Push: /api/push (on, off, status) for each device, every unhappy path, the subscriptions that go with
// a sign-out or a deleted account; pushes sent to a fake push service that decrypts them, 404/410 removing
// the subscription, retries with backoff, and each push sent once when two sweeps run together.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakePushService } from '../../test-support/fake-push-service.ts';
import { setUpBuilt, setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, createTestApp, type TTestUser } from '../../test-support/test-app.ts';
import { deliveryStates } from '../db/queries/push.ts';
import { pushDeliveries, pushSubscriptions, sessions } from '../db/schema.ts';
import { sendPush } from '../push/send-push.ts';
import { loadOrCreateVapid } from '../push/vapid.ts';
import { deliverDuePushes } from '../services/push/deliver-pushes.ts';
import { PUSH_DEVICES_MAX } from '../services/push/push-devices.ts';
import { queueCheckInPush } from '../services/push/queue-check-in-push.ts';

const SERAPHINE = 1;
const t = setUpTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'on' });
const push = setUpBuilt(startFakePushService);
const me = setUpPerson(t, { name: 'Robin' });
const other = setUpPerson(t);

const subscribe = (user: TTestUser | undefined, json: unknown) =>
  call(t, 'POST', '/api/push/subscriptions', { user, json });
const status = async (user: TTestUser, endpoint: string) =>
  (await call(t, 'GET', `/api/push?endpoint=${encodeURIComponent(endpoint)}`, { user })).json();
const subscriptionsOf = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const deliver = () =>
  deliverDuePushes({ db: t.database.db, send: (target, payload) => sendPush(vapid(), target, payload) });
const vapid = () => loadOrCreateVapid(t.config);
const sessionTokenOf = (user: TTestUser) => user.cookie.split('=')[1]!;

describe('/api/push', () => {
  it('turns this device on and off, and tells the public key and whether it is on', async () => {
    const device = push.subscribe();
    const before = await status(me, device.endpoint);
    expect(before).toEqual({ publicKey: vapid().publicKey, isSubscribed: false, isReplyPushOn: false });
    expect(before.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const res = await subscribe(me, { endpoint: device.endpoint, keys: device.keys });
    expect(res.status).toBe(201);
    expect((await status(me, device.endpoint)).isSubscribed).toBe(true);
    // Another person neither sees nor removes it.
    expect((await status(other, device.endpoint)).isSubscribed).toBe(false);
    const foreign = await call(t, 'DELETE', '/api/push/subscriptions', {
      user: other,
      json: { endpoint: device.endpoint },
    });
    expect(foreign.status).toBe(404);
    expect(await subscriptionsOf(me.id)).toHaveLength(1);
    const off = await call(t, 'DELETE', '/api/push/subscriptions', {
      user: me,
      json: { endpoint: device.endpoint },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ isSubscribed: false });
    expect(await subscriptionsOf(me.id)).toHaveLength(0);
  });

  it('refuses signed out, malformed and non-https subscriptions', async () => {
    const device = push.subscribe();
    expect((await call(t, 'GET', '/api/push')).status).toBe(401);
    expect((await subscribe(undefined, { endpoint: device.endpoint, keys: device.keys })).status).toBe(401);
    expect(
      (await call(t, 'DELETE', '/api/push/subscriptions', { json: { endpoint: device.endpoint } })).status,
    ).toBe(401);
    for (const json of [
      {},
      { endpoint: 'not a url', keys: device.keys },
      { endpoint: device.endpoint },
      { endpoint: device.endpoint, keys: { p256dh: '', auth: device.keys.auth } },
      { endpoint: `https://push.example/${'x'.repeat(2100)}`, keys: device.keys },
      '[1,',
    ]) {
      const res = await subscribe(me, json);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    const strict = await createTestApp();
    try {
      const person = await createSignedInUser(strict.database);
      const res = await call(strict, 'POST', '/api/push/subscriptions', {
        user: person,
        json: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('A push endpoint must be an https URL');
    } finally {
      await strict.close();
    }
    expect(await subscriptionsOf(me.id)).toHaveLength(0);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per person and loses none over the limit`, async () => {
    const person = await createSignedInUser(t.database);
    for (let i = 0; i < PUSH_DEVICES_MAX; i++) {
      const device = push.subscribe();
      expect((await subscribe(person, { endpoint: device.endpoint, keys: device.keys })).status).toBe(201);
    }
    const extra = push.subscribe();
    const res = await subscribe(person, { endpoint: extra.endpoint, keys: extra.keys });
    expect(res.status).toBe(409);
    expect(await subscriptionsOf(person.id)).toHaveLength(PUSH_DEVICES_MAX);
    // Subscribing an existing device again is not a new one.
    const [first] = await subscriptionsOf(person.id);
    const again = await subscribe(person, {
      endpoint: first!.endpoint,
      keys: { p256dh: first!.p256dh, auth: first!.auth },
    });
    expect(again.status).toBe(201);
  });

  it('goes with a sign-out on that device and with a deleted account', async () => {
    const person = await createSignedInUser(t.database);
    const device = push.subscribe();
    await subscribe(person, { endpoint: device.endpoint, keys: device.keys });
    await t.database.db.delete(sessions).where(eq(sessions.sessionToken, sessionTokenOf(person)));
    expect(await subscriptionsOf(person.id)).toHaveLength(0);

    const leaving = await createSignedInUser(t.database);
    const phone = push.subscribe();
    await subscribe(leaving, { endpoint: phone.endpoint, keys: phone.keys });
    expect(await subscriptionsOf(leaving.id)).toHaveLength(1);
    const res = await call(t, 'DELETE', '/api/account', {
      user: leaving,
      json: { confirm: leaving.username },
    });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(leaving.id)).toHaveLength(0);
  });
});

describe('pushes', () => {
  it("a check-in reaches every device: '<name> sent you a message', the first words, the avatar, the chat with hist", async () => {
    const person = await createSignedInUser(t.database);
    const devices = [push.subscribe(), push.subscribe()];
    for (const d of devices) await subscribe(person, { endpoint: d.endpoint, keys: d.keys });
    const chatUuid = '00000000-0000-4000-8000-000000000001';
    const text = `How did the interview at the bakery go? ${'I kept thinking about it all evening. '.repeat(8)}`;
    expect(
      await queueCheckInPush(t.database.db, { userId: person.id, characterId: SERAPHINE, chatUuid, text }),
    ).toBe(2);
    // Queued once per device and check-in, whoever asks again.
    expect(
      await queueCheckInPush(t.database.db, { userId: person.id, characterId: SERAPHINE, chatUuid, text }),
    ).toBe(0);

    expect(await deliver()).toEqual({ sent: 2, gone: 0, failed: 0 });
    for (const device of devices) {
      const arrived = push.received.filter((r) => r.id === device.id);
      expect(arrived).toHaveLength(1);
      const { headers, body } = arrived[0]!;
      expect(headers['content-encoding']).toBe('aes128gcm');
      expect(headers.authorization).toContain(`k=${vapid().publicKey}`);
      const payload = JSON.parse(device.decrypt(body));
      expect(payload).toMatchObject({
        title: 'Seraphine Vale sent you a message',
        url: `/chat/${SERAPHINE}?hist=${chatUuid}`,
        tag: `chat-${chatUuid}`,
      });
      expect(payload.body.startsWith('How did the interview at the bakery go? I kept thinking')).toBe(true);
      expect(payload.body.endsWith('…')).toBe(true);
      expect(payload.body.length).toBeLessThanOrEqual(120);
      expect(payload.icon).toMatch(/seraphine/i);
    }
    // Nothing is sent twice.
    expect(await deliver()).toEqual({ sent: 0, gone: 0, failed: 0 });
  });

  it('410 and 404 remove the subscription; another failure is retried later with backoff', async () => {
    const person = await createSignedInUser(t.database);
    const [gone, missing, flaky] = [push.subscribe(), push.subscribe(), push.subscribe()];
    for (const d of [gone, missing, flaky]) await subscribe(person, { endpoint: d.endpoint, keys: d.keys });
    push.answer(gone.id, 410);
    push.answer(missing.id, 404);
    push.answer(flaky.id, 500);
    await queueCheckInPush(t.database.db, {
      userId: person.id,
      characterId: SERAPHINE,
      chatUuid: '00000000-0000-4000-8000-000000000002',
      text: 'Are you awake?',
    });
    expect(await deliver()).toEqual({ sent: 0, gone: 2, failed: 1 });
    const left = await subscriptionsOf(person.id);
    expect(left.map((s) => s.endpoint)).toEqual([flaky.endpoint]);
    const [state] = await deliveryStates(t.database.db, left[0]!.id);
    expect(state).toMatchObject({ status: 'pending', attempts: 1 });
    expect(state!.lastError).toContain('500');
    // Not due again yet (30 s later at the earliest).
    expect(await deliver()).toEqual({ sent: 0, gone: 0, failed: 0 });
    push.answer(flaky.id, 201);
    await t.database.db
      .update(pushDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pushDeliveries.subscriptionId, left[0]!.id));
    expect(await deliver()).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect((await deliveryStates(t.database.db, left[0]!.id))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('two sweeps at once send each push exactly once', async () => {
    const person = await createSignedInUser(t.database);
    const devices = Array.from({ length: 6 }, () => push.subscribe());
    for (const d of devices) await subscribe(person, { endpoint: d.endpoint, keys: d.keys });
    await queueCheckInPush(t.database.db, {
      userId: person.id,
      characterId: SERAPHINE,
      chatUuid: '00000000-0000-4000-8000-000000000003',
      text: 'Good morning!',
    });
    const results = await Promise.all([deliver(), deliver()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
    for (const d of devices) expect(push.received.filter((r) => r.id === d.id)).toHaveLength(1);
  });
});
