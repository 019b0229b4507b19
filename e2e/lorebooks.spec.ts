// Lorebooks in the browser: write an entry in the editor, attach its book to a chat, and see the entry
// in the prompt indicator of the reply whose message named its key (and not on one that did not).
import { ChatPage } from './pages/chat.ts';
import { expect, test } from './support/fixtures.ts';

// Rook is built-in character 3 and ships no lorebook of his own.
const ROOK = { id: 3, name: 'Rook' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

test('an entry written in the editor reaches the reply that names its key, shown in its prompt indicator', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/lorebooks');
  await expect(page.getByRole('heading', { name: 'Lorebooks', exact: true })).toBeVisible();
  await page.getByLabel('New lorebook name').fill('Harbour lore');
  await page.getByRole('button', { name: 'Create lorebook' }).click();
  await expect(page).toHaveURL(/\/lorebooks\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Harbour lore' })).toBeVisible();
  await expect(page.getByText('No entries yet.')).toBeVisible();

  // A new entry: a title, two keys as chips (Enter and a comma), one removed again, the content.
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = page.getByRole('form', { name: 'Entry' });
  await form.getByLabel('Title').fill('Lighthouse');
  const keys = form.getByRole('textbox', { name: 'Keys', exact: true });
  await keys.fill('lighthouse');
  await keys.press('Enter');
  await keys.pressSequentially('beacon,');
  await expect(form.getByRole('list', { name: 'Keys' }).getByRole('listitem')).toHaveText([
    'lighthouse',
    'beacon',
  ]);
  await form.getByRole('button', { name: 'Remove key beacon' }).click();
  await expect(form.getByRole('list', { name: 'Keys' }).getByRole('listitem')).toHaveText(['lighthouse']);
  await form.getByLabel('Content').fill('The lighthouse keeper of Vellmar is called Orla Quill.');
  await form.getByLabel('Position').selectOption('after_char');
  await form.getByRole('button', { name: 'Save entry' }).click();
  const entries = page.getByRole('list', { name: 'Entries' });
  await expect(entries.getByRole('heading', { name: 'Lighthouse' })).toBeVisible();
  await expect(entries).toContainText('After the character definition');

  // Search finds it by its content; a word it lacks leaves none.
  await page.getByLabel('Search entries').fill('orla');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Search entries').fill('dragon');
  await expect(page.getByText('No entries match.')).toBeVisible();
  await page.getByLabel('Search entries').fill('');

  // Book settings are saved and read back.
  await page.getByLabel('Scan depth (messages)').fill('6');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Lorebook saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Scan depth (messages)')).toHaveValue('6');
  await page.screenshot({ path: 'test-results/screens/lorebook-editor.png', fullPage: true });

  // In a chat with Rook: the first message stores the chat; the book is attached from the chat's menu.
  const chat = new ChatPage(page);
  await chat.open(ROOK.id);
  await expect(chat.conversation.locator('[data-role="greeting"]')).toContainText('legal-looking job');
  const first = 'Good evening to you';
  await chat.sendAndWait(ROOK.name, first, replyTo(first));
  await page.getByRole('button', { name: 'Lorebooks', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Lorebooks' });
  const attach = drawer.getByRole('switch', { name: 'Attach Harbour lore to this chat' });
  await attach.click();
  await expect(attach).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'test-results/screens/lorebook-chat-drawer.png' });
  await drawer.getByRole('button', { name: 'Close Lorebooks' }).click();
  // Closed (focus goes back to the Lorebooks button when it is), before typing into the message box.
  await expect(drawer).toBeHidden();

  const second = 'Who keeps the lighthouse';
  await chat.sendAndWait(ROOK.name, second, replyTo(second));
  const lastReply = chat.conversation.locator('[data-message="assistant"]').last();
  const indicator = lastReply.getByRole('button', { name: 'Lore used: 1 entry' });
  await expect(indicator).toBeVisible();
  await indicator.click();
  const popover = page.getByRole('dialog', { name: 'Lore this reply was given' });
  await expect(popover).toContainText('Lighthouse');
  await expect(popover).toContainText('Harbour lore');
  await page.screenshot({ path: 'test-results/screens/lorebook-indicator.png' });
  await page.keyboard.press('Escape');

  // The reply before it named no key: no indicator; and the indicator survives a reload.
  const firstReply = chat.conversation
    .locator('[data-message="assistant"]')
    .filter({ hasText: replyTo(first) });
  await expect(firstReply.getByRole('button', { name: /^Lore used/ })).toHaveCount(0);
  await page.reload();
  await expect(
    chat.conversation
      .locator('[data-message="assistant"]')
      .last()
      .getByRole('button', { name: 'Lore used: 1 entry' }),
  ).toBeVisible();
});

test('a built-in character’s book opens read-only from the chat; the editor fits a phone', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn();
  await page.goto('/chat/1');
  await page.getByRole('switch', { name: 'Character Drawer' }).click();
  await page.getByRole('button', { name: 'Lorebooks', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Lorebooks' });
  await drawer.getByRole('link', { name: /The border roads/ }).click();
  await expect(page).toHaveURL('/character/1/lorebook');
  await expect(page.getByText("This is a built-in character's lorebook")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add entry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/lorebook-builtin-phone.png', fullPage: true });
});
