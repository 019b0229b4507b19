// Accessible to all: a keyboard-only journey with visible focus that returns where it came from, replies
// announced once they have finished, reduced motion; axe-core checks every screen the suite screenshots
// (support/fixtures.ts), and the screens no other spec looks at are checked here.
import { ControlsPage } from './pages/conversation-controls.ts';
import { KeyboardPage } from './pages/keyboard.ts';
import { ADULT_BIRTH_DATE, DEFAULT_E2E_PASSWORD } from './pages/login.ts';
import { MemoriesPage } from './pages/memories.ts';
import { Sidebar } from './pages/sidebar.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, newPerson, signedInTest, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

test('keyboard only: sign up and in, pick a character, send, regenerate, open and close every drawer and menu', async ({
  page,
}) => {
  const keys = new KeyboardPage(page);
  const person = newPerson();
  await page.goto('/login');
  await keys.press(page.getByRole('button', { name: /Continue with/ }));
  await keys.press(page.getByRole('link', { name: 'Create an account' }));
  await keys.tabTo(page.getByLabel('Email'));
  await page.keyboard.type(person.email);
  await keys.tabTo(page.getByLabel('Display name'));
  await page.keyboard.type(person.name);
  await keys.tabTo(page.getByLabel('Date of birth'));
  await page.getByLabel('Date of birth').fill(ADULT_BIRTH_DATE);
  await keys.tabTo(page.getByLabel('Password'));
  await page.keyboard.type(DEFAULT_E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('If this email was new, your account is ready')).toBeVisible();
  await keys.tabTo(page.getByLabel('Email'));
  await page.keyboard.type(person.email);
  await keys.tabTo(page.getByLabel('Password'));
  await page.keyboard.type(DEFAULT_E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Pick a character from the sidebar.
  const sidebar = new Sidebar(page);
  await keys.press(sidebar.featured.filter({ hasText: SERAPHINE.name }));
  await expect(page).toHaveURL(new RegExp(`/chat/${SERAPHINE.id}`));
  const chat = new ControlsPage(page);

  // Send: the reply is announced once, when it has finished, not while it is typed out.
  const box = chat.messageBox(SERAPHINE.name);
  await keys.tabTo(box);
  const text = 'Where does the river road lead';
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  // The log itself is silent; only its newest reply is live, and busy until the reply has finished.
  const live = chat.conversation.locator('[aria-live="polite"]');
  await expect(live).toHaveAttribute('aria-busy', 'true');
  await expect(chat.userMessages().last()).toHaveText(text);
  await expect(chat.replies().last()).toHaveText(replyTo(text));
  await expect(live).not.toHaveAttribute('aria-busy', /.*/);
  await expect(live).toContainText(replyTo(text));
  await expect(chat.conversation).toHaveAttribute('aria-live', 'off');

  // Regenerate, from the box backwards.
  await expect(box).toBeEnabled();
  await keys.press(chat.action(chat.lastRow(), 'Regenerate'), 'Enter', { backwards: true });
  await expect(chat.counter(chat.lastRow())).toHaveText('2/2');

  // Each drawer, popover and menu: focus goes in, Escape closes it, focus comes back to its button.
  const memories = new MemoriesPage(page);
  await keys.press(memories.openButton);
  await expect(memories.drawer).toBeVisible();
  await expect(memories.drawer.getByRole('button', { name: 'Close Memories' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/keyboard-memories.png' });
  await page.keyboard.press('Escape');
  await expect(memories.drawer).toBeHidden();
  await expect(memories.openButton).toBeFocused();

  await keys.press(chat.historyButton);
  await expect(chat.historyDrawer.getByRole('button', { name: 'Close Chat History' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(chat.historyDrawer).toBeHidden();
  await expect(chat.historyButton).toBeFocused();

  await keys.press(memories.bell, 'Enter', { backwards: true });
  await expect(memories.notificationsPanel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(memories.notificationsPanel).toBeHidden();
  await expect(memories.bell).toBeFocused();

  await keys.press(chat.exportCardButton);
  await expect(chat.exportMenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chat.exportMenu).toBeHidden();
  await expect(chat.exportCardButton).toBeFocused();

  // A dialog: 'Report this character' beside it.
  const report = page.getByRole('button', { name: 'Report this character' });
  await keys.press(report);
  const reportDialog = page.getByRole('dialog', { name: 'Report this character' });
  await expect(reportDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reportDialog).toBeHidden();
  await expect(report).toBeFocused();

  const userButton = sidebar.userButton(new RegExp(person.name));
  // The sidebar comes before the chat: back there with Shift+Tab.
  await keys.press(userButton, 'Enter', { backwards: true });
  await expect(sidebar.menu).toBeVisible();
  // The menu opens above its button: its items come before it.
  await keys.tabTo(sidebar.menuItem('Profile'), { backwards: true });
  await page.keyboard.press('Escape');
  await expect(sidebar.menu).toHaveCount(0);
  await expect(userButton).toBeFocused();
});

signedInTest('reduced motion: no slides or pulses', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/chat/${SERAPHINE.id}`);
  const memories = new MemoriesPage(page);
  await memories.openButton.click();
  const duration = await memories.drawer.evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(Number.parseFloat(duration)).toBeLessThan(0.001);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await memories.drawer.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
});

test('axe-core: screens and states no other spec screenshots', async ({ page, signIn }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Continue with/ })).toBeVisible();
  await expectNoAxeViolations(page, '/login');
  await signIn();
  const screens: [string, RegExp][] = [
    ['/', /Welcome back/],
    ['/search?q=zzzz', /No characters found/],
    ['/upgrade-cancel', /Subscription Canceled/],
    ['/edit-profile', /Display Name/],
    ['/no-such-screen', /not found/i],
  ];
  for (const [path, text] of screens) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
  const sidebar = new Sidebar(page);
  await sidebar.userButton(/Robin Tester/).click();
  await expectNoAxeViolations(page, 'the account menu');
});
