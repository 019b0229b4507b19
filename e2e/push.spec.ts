// Web Push in the browser: /profile's 'Notifications on this device' switch with the permission granted,
// the browser's push subscription pointing at a fake push service on this machine; a check-in then
// arrives there as an encrypted push that decrypts to '<character> sent you a message'.

import { startFakePushService, type TFakePushService } from '../src/test-support/fake-push-service.ts';
import { expect, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };

let pushService: TFakePushService;
test.beforeAll(async () => {
  pushService = await startFakePushService();
});
test.afterAll(async () => {
  await pushService.close();
});

test('the switch turns this device on and off; a check-in arrives as a push that decrypts to its message', async ({
  page,
  context,
  signIn,
}) => {
  const device = pushService.subscribe();
  // Chromium here has no push service to reach: the browser's PushManager hands out this machine's fake
  // one (endpoint and keys), the rest (permission, service worker, the server) is real.
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
