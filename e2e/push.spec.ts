// Web Push in the browser: /profile's 'Notifications on this device' switch with the permission granted,
// the browser's push subscription pointing at a fake push service on this machine; a check-in then
// arrives there as an encrypted push that decrypts to '<character> sent you a message'.

import type { BrowserContext } from '@playwright/test';
import {
  startFakePushService,
  type TFakePushService,
  type TFakeSubscription,
} from '../src/test-support/fake-push-service.ts';
import { ChatPage } from './pages/chat.ts';
import { expect, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };

let pushService: TFakePushService;
test.beforeAll(async () => {
  pushService = await startFakePushService();
});
test.afterAll(async () => {
  await pushService.close();
});

/**
 * Chromium here has no push service to reach: the browser's PushManager hands out this machine's fake one
 * (endpoint and keys), the rest (permission, service worker, the server) is real.
 */
async function usePushServiceHere(context: BrowserContext): Promise<TFakeSubscription> {
  const device = pushService.subscribe();
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    (sub) => {
      // The browser keeps a subscription across loads: so does this one.
      const KEY = 'e2e-fake-push-subscription';
      const make = () => ({
        endpoint: sub.endpoint,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(KEY) ? make() : null) as PushSubscription | null;
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem(KEY, '1');
        return make() as unknown as PushSubscription;
      };
    },
    { endpoint: device.endpoint, keys: device.keys },
  );
  return device;
}

test('the switch turns this device on and off; a check-in arrives as a push that decrypts to its message', async ({
  page,
  context,
  signIn,
}) => {
  const device = await usePushServiceHere(context);

  await signIn();
  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
  await expect(toggle).toBeEnabled({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'test-results/screens/push-switch-on.png' });
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Something to check in about: a memory of Seraphine's (added as the Memories drawer does).
  const added = await page.request.post('/api/memories', {
    data: { characterId: SERAPHINE.id, content: 'I have my driving test on Thursday morning' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(added.ok()).toBe(true);

  await expect
    .poll(() => pushService.received.filter((r) => r.id === device.id).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const push = pushService.received.find((r) => r.id === device.id)!;
  const payload = JSON.parse(device.decrypt(push.body));
  expect(payload.title).toBe(`${SERAPHINE.name} sent you a message`);
  expect(payload.body.length).toBeGreaterThan(0);
  expect(payload.url).toMatch(new RegExp(`^/chat/${SERAPHINE.id}\\?hist=[0-9a-f-]{36}$`));
  expect(payload.icon).toBeTruthy();

  // Off: the server forgets this device.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const status = await page.evaluate(
    (endpoint) => fetch(`/api/push?endpoint=${encodeURIComponent(endpoint)}`).then((r) => r.json()),
    device.endpoint,
  );
  expect(status.isSubscribed).toBe(false);
});

const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

/** The fake model's pace (the main server's model is switched over HTTP). */
async function setTokenDelay(tokenDelayMs: number) {
  const base = process.env.E2E_MODEL_URL!.replace(/\/v1$/, '');
  const res = await fetch(`${base}/__fake/mode`, {
    method: 'POST',
    body: JSON.stringify({ mode: 'ok', tokenDelayMs }),
  });
  expect(res.ok).toBe(true);
}

test("a reply that finishes while no Kindred tab is visible arrives as '<name> replied', when the person chose it", async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(90_000);
  const device = await usePushServiceHere(context);
  // Headless Chromium never hides a tab: the test can hide this one for what the page reads
  // (document.visibilityState, the visibilitychange event); otherwise the browser's own state shows through
  // (hidden as a page unloads). The app's reports to the server and the server's choice are real.
  await context.addInitScript(() => {
    let isHidden = false;
    const real = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!.get!;
    const state = (doc: Document) => (isHidden || real.call(doc) === 'hidden' ? 'hidden' : 'visible');
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get(this: Document) {
        return state(this);
      },
    });
    Object.defineProperty(Document.prototype, 'hidden', {
      configurable: true,
      get(this: Document) {
        return state(this) === 'hidden';
      },
    });
    (window as unknown as { e2eSetHidden: (hidden: boolean) => void }).e2eSetHidden = (hidden) => {
      isHidden = hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  const setHidden = (hidden: boolean) =>
    page.evaluate(
      (h) => (window as unknown as { e2eSetHidden: (h: boolean) => void }).e2eSetHidden(h),
      hidden,
    );
  const replyPushes = () =>
    pushService.received
      .filter((r) => r.id === device.id)
      .map((r) => JSON.parse(device.decrypt(r.body)) as { title: string; body: string; url: string })
      .filter((p) => p.title.endsWith(' replied'));

  await signIn();
  await page.goto('/profile');
  const deviceSwitch = page.getByRole('switch', { name: 'Notifications on this device' });
  await expect(deviceSwitch).toBeEnabled({ timeout: 20_000 });
  await deviceSwitch.click();
  await expect(deviceSwitch).toHaveAttribute('aria-checked', 'true');
  const replySwitch = page.getByRole('switch', {
    name: 'A push when a reply finishes while no Kindred tab is visible',
  });
  // Off until the person chooses it.
  await expect(replySwitch).toBeEnabled();
  await expect(replySwitch).toHaveAttribute('aria-checked', 'false');
  await replySwitch.click();
  await expect(replySwitch).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'test-results/screens/push-reply-switch-on.png' });
  await page.reload();
  await expect(replySwitch).toHaveAttribute('aria-checked', 'true');

  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  // Seen as it finishes: no push.
  const seen = 'Where does the river road lead';
  await chat.sendAndWait(SERAPHINE.name, seen, replyTo(seen));

  // Out of view while it is being written: a push once it has finished.
  const unseen = 'What waits beyond the old bridge';
  await setTokenDelay(300);
  try {
    await chat.send(SERAPHINE.name, unseen);
    await expect(chat.conversation.locator('[aria-live="polite"]')).toHaveAttribute('aria-busy', 'true');
    await setHidden(true);
    await expect.poll(() => replyPushes().length, { timeout: 30_000 }).toBe(1);
  } finally {
    await setTokenDelay(5);
  }
  expect(replyPushes()[0]).toMatchObject({
    title: `${SERAPHINE.name} replied`,
    body: replyTo(unseen),
    url: expect.stringMatching(new RegExp(`^/chat/${SERAPHINE.id}\\?hist=[0-9a-f-]{36}$`)),
  });

  // Back in view: the next reply needs none.
  await setHidden(false);
  const back = 'Thank you for the story tonight';
  await chat.sendAndWait(SERAPHINE.name, back, replyTo(back));
  // The web-push job sweeps every second here: a push for it would have arrived by now.
  await page.waitForTimeout(3000);
  expect(replyPushes().map((p) => p.body)).toEqual([replyTo(unseen)]);
});
