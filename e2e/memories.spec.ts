import { ChatPage } from './pages/chat.ts';
import { MemoriesPage } from './pages/memories.ts';
import { expect, test } from './support/fixtures.ts';

// Seraphine Vale is built-in character 1. The fake model echoes the first four words; its judge keeps a
// line about the person (I/my, four words or more, not a question) as a third-person fact (fake-judge.ts),
// which the drawer shows; /profile shows the person's words. The main e2e server sends
// check-ins for memories 3 s old, looking every 2 s.
const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

test('memories: remembered from a chat, pinned, deleted through the dialog; a check-in arrives and opens its chat; profile cards', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn();
  const chat = new ChatPage(page);
  const memories = new MemoriesPage(page);
  await chat.open(SERAPHINE.id);

  // Nothing yet.
  await memories.open();
  await expect(
    memories.drawer.getByText('No memories yet. Start a conversation to make your first one'),
  ).toBeVisible();
  await memories.close();

  // Tell the character something memorable, and something trivial.
  const told = 'My golden retriever Biscuit turns five next Saturday';
  await chat.sendAndWait(SERAPHINE.name, told, replyTo(told));
  await chat.sendAndWait(SERAPHINE.name, 'lol', replyTo('lol'));
  await memories.waitFor("Robin's golden retriever Biscuit turns five next Saturday");
  await expect(memories.items()).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/memories-drawer.png' });

  // Add by hand, pin one, 'Pinned Messages' lists only pinned ones.
  await memories.add('I am allergic to peanuts');
  await memories.add('My favourite colour is teal');
  await memories.item('I am allergic to peanuts').getByRole('button', { name: 'Pin memory' }).click();
  await expect(
    memories.item('I am allergic to peanuts').getByRole('button', { name: 'Unpin memory' }),
  ).toBeVisible();
  await memories.drawer.getByRole('button', { name: 'Pinned Messages' }).click();
  await expect(memories.items()).toHaveCount(1);
  await expect(memories.items().first()).toContainText('I am allergic to peanuts');
  await memories.drawer.getByRole('button', { name: 'Pinned Messages' }).click();
  await expect(memories.items()).toHaveCount(3);

  // Delete through 'Confirm Deletion': Cancel keeps it, Delete removes it.
  await memories.item('My favourite colour is teal').getByRole('button', { name: 'Delete memory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(
    dialog.getByText('Are you sure you want to delete this memory? This action cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(memories.item('My favourite colour is teal')).toBeVisible();
  await memories.item('My favourite colour is teal').getByRole('button', { name: 'Delete memory' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(memories.item('My favourite colour is teal')).toHaveCount(0);
  await expect(memories.items()).toHaveCount(2);
  await memories.close();

  // "Remember this" on a message.
  await chat
    .userMessages()
    .filter({ hasText: 'lol' })
    .locator('xpath=../..')
    .getByRole('button', { name: 'Remember this' })
    .click();
  await expect(page.getByText('Remembered').first()).toBeVisible();

  // Leave the chat: a check-in arrives, the bell pulses and counts it.
  await page.goto('/profile');
  await chat.open(SERAPHINE.id);
  await expect(async () => {
    await page.reload();
    await expect(memories.bell).toHaveAttribute('data-new', 'true', { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  await expect(memories.bell).toHaveClass(/animate-pulse/);
  await expect(memories.bell).toHaveAccessibleName(/^Notifications \d unread$/);
  await page.screenshot({ path: 'test-results/screens/memories-bell.png' });

  // The unread count shows outside the chat too: in the sidebar and on home.
  await page.goto('/');
  const unread = /^\d+ new check-ins? from Seraphine Vale$/;
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('button', { name: unread }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: unread })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/home-check-ins.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/home-check-ins-phone.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await chat.open(SERAPHINE.id);
  await expect(memories.bell).toHaveAttribute('data-new', 'true');

  // Open it: the panel lists it; clicking marks it read and lands in that chat.
  await memories.bell.click();
  const item = memories.notificationsPanel
    .getByRole('button', { name: /Seraphine Vale sent you a message/ })
    .first();
  await expect(item).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/memories-notifications.png' });
  await item.click();
  await expect(memories.notificationsPanel).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/1\?hist=[0-9a-f-]{36}$/);
  await expect(chat.replies().first()).toBeVisible();
  await expect(memories.bell).not.toHaveClass(/animate-pulse/);

  // Profile: the cards show the memories, and search finds one in other words.
  await page.goto('/profile');
  const recent = page.getByRole('region', { name: 'Recent Memory Highlights' });
  await expect(recent.getByText('I am allergic to peanuts')).toBeVisible();
  await expect(recent.getByText('Checked In', { exact: true }).first()).toBeVisible();
  const footprint = page.getByRole('region', { name: 'Cognitive Footprint' });
  await expect(footprint).toContainText('Memories stored: 3');
  await expect(footprint).toContainText(/Most discussed topics: \w+(, \w+)*/);
  const search = page.getByRole('region', { name: 'Search Your Memories' });
  await search.getByRole('textbox', { name: 'Search memories' }).fill('When is my dog having a birthday');
  await search.getByRole('textbox', { name: 'Search memories' }).press('Enter');
  await expect(
    search.getByRole('list', { name: 'Memory search results' }).getByRole('listitem').first(),
  ).toContainText(told);
  await search.getByRole('textbox', { name: 'Search memories' }).fill('zebra quantum xylophone');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(search.getByText('No memories found')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/memories-profile.png', fullPage: true });
});

test('profile memory cards are empty for a new person', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/profile');
  await expect(
    page.getByRole('region', { name: 'Recent Memory Highlights' }).getByText('No recent memories found.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cognitive Footprint' })).toContainText(
    'Most discussed topics: No data yet',
  );
});
