// Pushes for finished replies: /api/push/reply (the person's choice) and /api/push/visibility (a tab is or
// is not visible), their unhappy paths, and a reply that finishes while no tab is visible reaching every
// device as '<name> replied' (decrypted at a fake push service); none while a tab is visible or when off.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAB_VISIBLE_REPORT_SECONDS } from '../../shared/push.ts';
import { startFakePushService, type TFakePushService } from '../../test-support/fake-push-service.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { pushDeliveries, pushSubscriptions, visibleTabs } from '../db/schema.ts';
import { sendPush } from '../push/send-push.ts';
import { loadOrCreateVapid } from '../push/vapid.ts';
import { deliverDuePushes } from '../services/push/deliver-pushes.ts';
import { REMEMBERED_TABS_MAX } from '../services/push/reply-push.ts';

const SERAPHINE = 1;
const TAB = '7b0c5a52-3f1e-4c1e-9a57-0d6f2b1e0a11';
const OTHER_TAB = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';

const t = setUpReplyTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'on' });
const me = setUpPerson(t, { name: 'Robin' });
const other = setUpPerson(t);
let push: TFakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());

const db = () => t.database.db;
const setReplyPush = (user: TTestUser | undefined, json: unknown) =>
  call(t, 'PUT', '/api/push/reply', { user, json });
let seq = 0;
/** A tab's report, numbered after every earlier one unless `json` says otherwise. */
const report = (user: TTestUser | undefined, json: Record<string, unknown> | string) =>
  call(t, 'PUT', '/api/push/visibility', {
    user,
    json: typeof json === 'string' ? json : { seq: ++seq, ...json },
  });
const tabsOf = (userId: number) => db().select().from(visibleTabs).where(eq(visibleTabs.userId, userId));
/** The person's tabs that count as visible now. */
const visibleTabIds = async (userId: number) =>
  (await tabsOf(userId)).filter((r) => r.visibleUntil.getTime() > Date.now()).map((r) => r.tabId);
const deliver = () =>
  deliverDuePushes({
    db: db(),
    send: (target, payload) => sendPush(loadOrCreateVapid(t.config), target, payload),
  });
async function subscribeDevice(user: TTestUser) {
  const device = push.subscribe();
  const res = await call(t, 'POST', '/api/push/subscriptions', {
    user,
    json: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(res.status).toBe(201);
  return device;
}
const send = (user: TTestUser, userInput: string) =>
  call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, userInput },
  });
/** Queued pushes of the person's devices (the reply's push is queued just after the reply is stored). */
const queuedFor = (userId: number) =>
  db()
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));

describe('/api/push/reply and /api/push/visibility', () => {
  it('stores the choice (off until chosen) and each tab that is visible, for that person only', async () => {
    const status = async (user: TTestUser) => (await call(t, 'GET', '/api/push', { user })).json();
    expect(await status(me)).toMatchObject({ isReplyPushOn: false });
    const on = await setReplyPush(me, { isReplyPushOn: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ isReplyPushOn: true });
    expect(await status(me)).toMatchObject({ isReplyPushOn: true });
    expect(await status(other)).toMatchObject({ isReplyPushOn: false });

    expect((await report(me, { tabId: TAB, isVisible: true })).status).toBe(204);
    const [tab] = await tabsOf(me.id);
    expect(tab?.tabId).toBe(TAB);
    const seconds = (tab!.visibleUntil.getTime() - Date.now()) / 1000;
    // Counted for two missed reports and a little more, not for ever.
    expect(seconds).toBeGreaterThan(TAB_VISIBLE_REPORT_SECONDS * 2);
    expect(seconds).toBeLessThan(TAB_VISIBLE_REPORT_SECONDS * 3);
    // Another person saying the same tab id hides nothing of mine.
    expect((await report(other, { tabId: TAB, isVisible: false })).status).toBe(204);
    expect(await visibleTabIds(me.id)).toEqual([TAB]);
    expect((await report(me, { tabId: TAB, isVisible: false })).status).toBe(204);
    expect(await visibleTabIds(me.id)).toEqual([]);
    // A report overtaken on the way (an older 'visible' arriving after 'hidden') changes nothing.
    expect((await report(me, { tabId: TAB, isVisible: true, seq: seq - 1 })).status).toBe(204);
    expect(await visibleTabIds(me.id)).toEqual([]);
    expect((await setReplyPush(me, { isReplyPushOn: false })).status).toBe(200);
    expect(await status(me)).toMatchObject({ isReplyPushOn: false });
  });

  it('refuses signed out and malformed requests, changing nothing', async () => {
    const before = await tabsOf(other.id);
    expect((await setReplyPush(undefined, { isReplyPushOn: true })).status).toBe(401);
    expect((await report(undefined, { tabId: TAB, isVisible: true })).status).toBe(401);
    for (const json of [{}, { isReplyPushOn: 'yes' }, { isReplyPushOn: 1 }, '[1,']) {
      const res = await setReplyPush(other, json);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    for (const json of [
      {},
      { tabId: 'tab-1', isVisible: true },
      { tabId: TAB },
      { tabId: TAB, isVisible: 'no' },
    ]) {
      expect((await report(other, json)).status).toBe(400);
    }
    expect((await call(t, 'GET', '/api/push', { user: other })).status).toBe(200);
    expect(await (await call(t, 'GET', '/api/push', { user: other })).json()).toMatchObject({
      isReplyPushOn: false,
    });
    expect(await tabsOf(other.id)).toEqual(before);
  });

  it(`follows at most ${REMEMBERED_TABS_MAX} tabs a person and keeps them over the limit`, async () => {
    const person = await createSignedInUser(t.database);
    const tabId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    for (let i = 0; i < REMEMBERED_TABS_MAX; i++) {
      expect((await report(person, { tabId: tabId(i), isVisible: i % 2 === 0 })).status).toBe(204);
    }
    const extra = await report(person, { tabId: tabId(REMEMBERED_TABS_MAX), isVisible: true });
    expect(extra.status).toBe(409);
    expect(await tabsOf(person.id)).toHaveLength(REMEMBERED_TABS_MAX);
    // A known tab still reports; one unheard of for ten minutes makes room.
    expect((await report(person, { tabId: tabId(1), isVisible: true })).status).toBe(204);
    await db()
      .update(visibleTabs)
      .set({ visibleUntil: new Date(Date.now() - 11 * 60_000) })
      .where(eq(visibleTabs.tabId, tabId(3)));
    expect((await report(person, { tabId: tabId(REMEMBERED_TABS_MAX), isVisible: true })).status).toBe(204);
    expect(await tabsOf(person.id)).toHaveLength(REMEMBERED_TABS_MAX);
    expect(await visibleTabIds(person.id)).toContain(tabId(REMEMBERED_TABS_MAX));
  });
});

describe('a push for a finished reply', () => {
  it("reaches every device as '<name> replied' when no tab is visible; none while one is, or when off", async () => {
    const person = await createSignedInUser(t.database, { name: 'Sam' });
    const devices = [await subscribeDevice(person), await subscribeDevice(person)];

    // Off (never chosen): no push.
    expect((await send(person, 'Tell me about the lighthouse keeper')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await queuedFor(person.id)).toHaveLength(0);

    // On, with a tab visible (another one hidden): still none.
    await setReplyPush(person, { isReplyPushOn: true });
    await report(person, { tabId: TAB, isVisible: true });
    await report(person, { tabId: OTHER_TAB, isVisible: false });
    expect((await send(person, 'And the storm that night')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await queuedFor(person.id)).toHaveLength(0);

    // The tab goes out of view: the next reply reaches both devices.
    await report(person, { tabId: TAB, isVisible: false });
    const res = await send(person, 'What did she find in the morning');
    const { hist, reply } = (await res.json()) as { hist: string; reply: string };
    await expect.poll(async () => (await queuedFor(person.id)).length).toBe(2);
    expect(await deliver()).toMatchObject({ sent: 2 });
    for (const device of devices) {
      const arrived = push.received.filter((r) => r.id === device.id);
      expect(arrived).toHaveLength(1);
      expect(JSON.parse(device.decrypt(arrived[0]!.body))).toEqual({
        title: 'Seraphine Vale replied',
        body: reply,
        icon: expect.stringMatching(/seraphine/i),
        url: `/chat/${SERAPHINE}?hist=${hist}`,
        tag: `chat-${hist}`,
      });
    }

    // A tab that lapsed without a word (closed, crashed) no longer counts as visible.
    await report(person, { tabId: TAB, isVisible: true });
    await db()
      .update(visibleTabs)
      .set({ visibleUntil: new Date(Date.now() - 1000) });
    expect((await send(person, 'Did the light stay on')).status).toBe(200);
    await expect.poll(async () => (await queuedFor(person.id)).length).toBe(4);

    // Another person's choice and tabs are their own: no push for them.
    expect((await send(other, 'Hello there')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await queuedFor(other.id)).toHaveLength(0);
  });
});
