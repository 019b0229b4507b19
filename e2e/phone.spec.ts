// The main journeys on a phone (390x844, touch; see playwright.config.ts's phone project), and every
// screen at 390x844 and 360x740: nothing scrolls sideways and every control is at least 44 px.
import { ControlsPage } from './pages/conversation-controls.ts';
import { LoginPage } from './pages/login.ts';
import { MemoriesPage } from './pages/memories.ts';
import { PhonePage } from './pages/phone.ts';
import { UpgradePage } from './pages/upgrade.ts';
import { expect, newPerson, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

test('sign in, pick a character from the menu, send, swipe between replies, open memories', async ({
  page,
  signIn,
}) => {
  await signIn();
  const phone = new PhonePage(page);
  // No permanent rail: the sidebar waits behind the menu button.
  await expect(page.getByRole('button', { name: 'Open sidebar' })).toHaveCount(0);
  await expect(phone.sidebar).toBeHidden();
  await phone.expectFits('home');

  // The drawer closes on a tap outside it...
  await phone.openMenu();
  const drawer = await phone.sidebar.boundingBox();
  expect(drawer!.width).toBeLessThan(390);
  await page.screenshot({ path: 'test-results/screens/phone-menu.png' });
  await page.mouse.click(380, 420);
  await expect(phone.sidebar).toBeHidden();
  await expect(phone.menuButton).toBeFocused();
  // ...and on a pick, and is not open again after a reload.
  await phone.openMenu();
  await phone.sidebar.getByRole('link', { name: SERAPHINE.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${SERAPHINE.id}`));
  await expect(phone.sidebar).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: SERAPHINE.name })).toBeVisible();
  await expect(phone.sidebar).toBeHidden();

  const chat = new ControlsPage(page);
  await expect(chat.messageBox(SERAPHINE.name)).toBeInViewport({ ratio: 1 });
  const text = 'Tell me about the northern road';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  await expect(chat.action(chat.lastRow(), 'Regenerate')).toBeVisible();
  await phone.expectFits('chat with a reply');
  await page.screenshot({ path: 'test-results/screens/phone-chat.png' });

  // A second answer, then a finger swipe moves between the two.
  await chat.action(chat.lastRow(), 'Regenerate').click();
  await expect(chat.counter(chat.lastRow())).toHaveText('2/2');
  await phone.swipe(chat.replies().last(), 'right');
  await expect(chat.counter(chat.lastRow())).toHaveText('1/2');
  await phone.swipe(chat.replies().last(), 'left');
  await expect(chat.counter(chat.lastRow())).toHaveText('2/2');

  // The on-screen keyboard takes the lower part of the screen (the layout viewport shrinks with it, as
  // the page asks): the message box stays above it.
  const viewport = await page.locator('meta[name=viewport]').getAttribute('content');
  expect(viewport).toContain('interactive-widget=resizes-content');
  await page.setViewportSize({ width: 390, height: 480 });
  await chat.messageBox(SERAPHINE.name).focus();
  await expect(chat.messageBox(SERAPHINE.name)).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 390, height: 844 });

  // The right-hand panel, then Memories: the drawer takes the whole width.
  await chat.page.getByRole('switch', { name: 'Character Drawer' }).click();
  const memories = new MemoriesPage(page);
  await memories.open();
  expect(await memories.drawer.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(390);
  await phone.expectFits('memories drawer');
  await page.screenshot({ path: 'test-results/screens/phone-memories.png' });
  await memories.close();
});

test('Google on a phone: the date of birth screen fits, then home', async ({ page }) => {
  const google = process.env.E2E_GOOGLE_URL!;
  await page.goto(`${google}/login`);
  await new LoginPage(page).signIn(newPerson('Pia Phone'), 'Continue with Google');
  await expect(page).toHaveURL(/\/birth-date$/);
  await expect(page.getByRole('heading', { name: 'What is your date of birth?' })).toBeVisible();
  const phone = new PhonePage(page);
  await phone.expectFits('/birth-date');
  await page.screenshot({ path: 'test-results/screens/phone-birth-date.png' });
  await page.getByLabel('Date of birth').fill('1994-03-08');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${google}/$`));
  await phone.expectFits('home after the date of birth');
});

test('upgrade on a phone through the local checkout', async ({ page, signIn }) => {
  await signIn();
  const phone = new PhonePage(page);
  const upgrade = new UpgradePage(page);
  await upgrade.open();
  await expect(upgrade.upgradeButton).toBeVisible();
  await phone.expectFits('upgrade');
  await upgrade.upgradeButton.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await phone.expectFits('checkout');
  await upgrade.payButton.click();
  await expect(page).toHaveURL(/\/upgrade-success$/);
  await expect(page.getByText('Subscription Activated!')).toBeVisible();
  await phone.expectFits('upgrade success');
  await page.goto('/profile');
  await expect(page.getByText('Plus Tier')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/phone-profile-plus.png' });
});

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test(`every screen fits ${size.width}x${size.height}`, async ({ page, signIn }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const phone = new PhonePage(page);
    const login = new LoginPage(page);
    await login.open();
    await expect(login.button()).toBeVisible();
    await phone.expectFits('/login');
    await login.continueToProvider();
    await phone.expectFits('the provider sign-in card');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByLabel('Display name')).toBeVisible();
    await phone.expectFits('the provider sign-up card');

    await signIn(newPerson());
    const screens: [string, string][] = [
      ['/', 'Your Characters|Welcome back'],
      [`/chat/${SERAPHINE.id}`, SERAPHINE.name],
      ['/search?q=a', 'Seraphine'],
      ['/profile', 'Free Tier'],
      ['/edit-profile', 'Display Name'],
      ['/character/create/new', 'Create a New Character'],
      ['/upgrade', 'Upgrade for \\$5/month'],
      ['/admin', 'Admin|Owner only'],
      ['/lorebooks', 'Lorebooks'],
      ['/safety', 'Safety'],
      ['/upgrade-cancel', 'Subscription Canceled'],
      ['/no-such-screen', 'Page not found'],
    ];
    for (const [path, text] of screens) {
      await page.goto(path);
      await expect(page.getByText(new RegExp(text)).first()).toBeVisible();
      await phone.expectFits(path);
      await page.screenshot({
        path: `test-results/screens/phone-${size.width}${path.replace(/\W+/g, '-')}.png`,
      });
    }
    await phone.openMenu();
    await phone.expectFits('the menu');

    // The chat's drawers take the whole width and fit too.
    await page.goto(`/chat/${SERAPHINE.id}`);
    const memories = new MemoriesPage(page);
    await memories.bell.click();
    await expect(memories.notificationsPanel).toBeVisible();
    const panel = await memories.notificationsPanel.boundingBox();
    expect(Math.round(panel!.width)).toBeGreaterThanOrEqual(size.width - 24);
    await phone.expectFits('the notifications panel');
    await page.screenshot({ path: `test-results/screens/phone-${size.width}-notifications.png` });
    await page.keyboard.press('Escape');
    await expect(memories.notificationsPanel).toBeHidden();
    const chat = new ControlsPage(page);
    await page.getByRole('switch', { name: 'Character Drawer' }).click();
    await chat.historyButton.click();
    await expect(chat.historyDrawer).toBeVisible();
    expect(await chat.historyDrawer.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(size.width);
    await phone.expectFits('the history drawer');
  });
}
