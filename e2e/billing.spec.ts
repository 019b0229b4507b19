import type { Page } from '@playwright/test';
import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { Sidebar } from './pages/sidebar.ts';
import { UpgradePage } from './pages/upgrade.ts';
import { expect, newPerson, sessionIn, test } from './support/fixtures.ts';
import { startKindred, type TRunningServer } from './support/servers.ts';

// A service worker that controls the page takes its requests past page.route (Playwright's documented
// limit): this file fakes answers with page.route, so it runs without one (installable.spec covers it).
test.use({ serviceWorkers: 'block' });

// Plus through the local test checkout (the embedded default: no payment provider configured).
const GANONDORF = { id: 2, name: 'Ganondorf' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

async function sendThroughApi(page: Page, count: number) {
  const userId = (await sessionIn(page))!.user!.id;
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/assistant-reply-openai', {
      data: { userId, characterId: GANONDORF.id, userInput: `Message ${i}` },
    });
    expect(res.status()).toBe(200);
  }
}

/** Accepts every alert on the page, keeping its text. */
function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept().catch(() => {});
  });
  return messages;
}

async function upgradeThroughLocalCheckout(page: Page) {
  const upgrade = new UpgradePage(page);
  await upgrade.open();
  await upgrade.upgradeButton.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await upgrade.payButton.click();
  await expect(page).toHaveURL(/\/upgrade-success$/);
}

test('a free person upgrades through the local checkout: Plus Tier on /profile and no daily limit', async ({
  page,
  signIn,
}) => {
  const person = await signIn();
  await page.goto('/profile');
  await expect(page.getByText('Free Tier')).toBeVisible();
  await sendThroughApi(page, 20);

  const upgrade = new UpgradePage(page);
  await upgrade.open();
  await expect(upgrade.benefits).toHaveText(/Unlimited messages.*Faster responses.*Priority support/);
  await page.screenshot({ path: 'test-results/screens/upgrade.png' });
  // Hold the subscribe call back a little so the busy state can be seen.
  await page.route('**/api/subscribe', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await upgrade.upgradeButton.click();
  await expect(upgrade.redirectingButton).toBeDisabled();

  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(upgrade.testBanner).toContainText('Test checkout');
  await expect(upgrade.checkout.getByText('$5/month')).toBeVisible();
  await expect(upgrade.checkout.getByRole('list', { name: 'Plus benefits' })).toContainText(
    'Unlimited messages',
  );
  await page.screenshot({ path: 'test-results/screens/local-checkout.png' });
  await upgrade.payButton.click();

  await expect(page).toHaveURL(/\/upgrade-success$/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/upgrade-success.png' });
  await upgrade.backToChatButton.click();
  await expect(page).toHaveURL(/\/$/);

  // The tier shows at once, without a reload.
  const sidebar = new Sidebar(page);
  await sidebar.userButton(person.name).click();
  await sidebar.menuItem('Profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Plus Tier')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/profile-plus.png' });

  // Already 20 messages today: the 21st is answered, no Daily Limit panel, no count shown.
  const chat = new ChatPage(page);
  await chat.open(GANONDORF.id);
  // The screen is ready once the latest chat (the 20th message) is shown.
  await expect(chat.replies().last()).toHaveText(replyTo('Message 19'));
  await expect(chat.messageBox(GANONDORF.name)).toBeEnabled();
  await expect(page.getByText(/messages? left today/)).toHaveCount(0);
  const text = 'Twenty first message now';
  await chat.sendAndWait(GANONDORF.name, text, replyTo(text));
  await expect(chat.dailyLimitDialog).toBeHidden();
});

test("a subscribed person sees 'You're Subscribed!'; the local manage page cancels at period end", async ({
  page,
  signIn,
}) => {
  await signIn();
  await upgradeThroughLocalCheckout(page);
  const upgrade = new UpgradePage(page);
  await upgrade.open();
  await expect(page.getByRole('heading', { name: "You're Subscribed!" })).toBeVisible();
  await expect(upgrade.upgradeButton).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/upgrade-subscribed.png' });
  await upgrade.backToChatButton.click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/manage$/);
  await expect(page.getByText(/Plus is active; the current period ends on/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/Plus ends on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  // Cancelled at period end: still Plus until then.
  await page.goto('/profile');
  await expect(page.getByText('Plus Tier')).toBeVisible();
});

test('the cancel path lands on /upgrade-cancel; Try Again leads back to /upgrade', async ({
  page,
  signIn,
}) => {
  await signIn();
  const upgrade = new UpgradePage(page);
  await page.goto('/profile');
  await upgrade.open();
  await upgrade.upgradeButton.click();
  await expect(page).toHaveURL(/\/checkout\//);
  await upgrade.cancelButton.click();
  await expect(page).toHaveURL(/\/upgrade-cancel$/);
  await expect(page.getByRole('heading', { name: 'Subscription Canceled' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/upgrade-cancel.png' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(upgrade.upgradeButton).toBeVisible();
  // 'Continue Free Plan' goes back.
  await upgrade.continueFreeButton.click();
  await expect(page).toHaveURL(/\/upgrade-cancel$/);
  await page.getByRole('button', { name: 'Back to Chat' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByText('Free Tier')).toBeVisible();
});

test("the Daily Limit panel's 'Upgrade Now' reaches /upgrade", async ({ page, signIn }) => {
  await signIn();
  await sendThroughApi(page, 20);
  const chat = new ChatPage(page);
  await chat.open(GANONDORF.id);
  await expect(page.getByText('0 messages left today')).toBeVisible();
  await chat.send(GANONDORF.name, 'One more please');
  await chat.dailyLimitDialog.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(new UpgradePage(page).upgradeButton).toBeVisible();
});

test("a subscribe reply without an address: 'Error starting subscription checkout.'", async ({
  page,
  signIn,
}) => {
  await signIn();
  const upgrade = new UpgradePage(page);
  await upgrade.open();
  // A checkout provider that answers without an address (the one case the server never produces).
  await page.route('**/api/subscribe', (route) => route.fulfill({ json: {} }));
  const alerts = collectAlerts(page);
  await upgrade.upgradeButton.click();
  await expect.poll(() => alerts).toEqual(['Error starting subscription checkout.']);
  await expect(upgrade.upgradeButton).toBeEnabled();
  // Opened directly, 'Continue Free Plan' has nowhere to go back to: it goes home.
  await upgrade.continueFreeButton.click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('with the local checkout switched off and an operator set', () => {
  let server: TRunningServer;
  const owner = newPerson('Olive Operator');
  test.beforeAll(async () => {
    server = await startKindred({ LOCAL_CHECKOUT: 'off', ADMIN_EMAILS: owner.email });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("subscribing shows 'Failed to upgrade.'; support messages reach the operator's inbox", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const person = newPerson('Free Fern');
    await new LoginPage(page).signIn(person);
    await expect(page).toHaveURL(/\/$/);
    const upgrade = new UpgradePage(page);
    await upgrade.open();
    const alerts = collectAlerts(page);
    await upgrade.upgradeButton.click();
    await expect.poll(() => alerts).toEqual(['Failed to upgrade.']);
    await expect(upgrade.upgradeButton).toBeEnabled();

    await page.goto('/profile');
    const support = page.getByRole('region', { name: 'Contact support' });
    await support.getByLabel('Support message').fill('My character forgot my name');
    await support.getByRole('button', { name: 'Send' }).click();
    await expect(support.getByRole('status')).toHaveText('Sent. We will get back to you by email.');
    await expect(page.getByRole('link', { name: 'Upgrade to Plus' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/profile-support.png', fullPage: true });

    // Anyone else is refused the inbox.
    await page.goto('/admin/support');
    await expect(page.getByRole('alert')).toHaveText('Only the owner of this Kindred can do that');
    await context.close();

    const ownerContext = await browser.newContext({ baseURL: server.url });
    const ownerPage = await ownerContext.newPage();
    await new LoginPage(ownerPage).signIn(owner);
    await expect(ownerPage).toHaveURL(/\/$/);
    await ownerPage.goto('/admin/support');
    await expect(ownerPage.getByRole('listitem', { name: `Message from ${person.email}` })).toContainText(
      'My character forgot my name',
    );
    await ownerPage.screenshot({ path: 'test-results/screens/admin-support.png' });
    await ownerContext.close();
  });
});
