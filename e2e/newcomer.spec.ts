// Forms and settings that tell the truth: chat switches survive a reload, an empty search lists everyone,
// the person's own messages render the same markdown as replies, the message editor is roomy.
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { ControlsPage } from './pages/conversation-controls.ts';
import { PhonePage } from './pages/phone.ts';
import { SearchPage } from './pages/search.ts';
import { expect, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };

test('voice playback, Internal Monologue and Character Memory keep the person’s choice across reloads', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  // The spec's defaults for a person who never chose.
  await expect(page.getByRole('button', { name: 'Disable Voice Playback' })).toBeVisible();
  await expect(chat.monologueSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(chat.memorySwitch).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Disable Voice Playback' }).click();
  await chat.monologueSwitch.click();
  await chat.memorySwitch.click();
  await expect(page.getByRole('button', { name: 'Enable Voice Playback' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await fetch('/api/settings')).json()))
    .toEqual({ voicePlayback: false, internalMonologue: true, characterMemory: false });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Enable Voice Playback' })).toBeVisible();
  await expect(chat.monologueSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(chat.memorySwitch).toHaveAttribute('aria-checked', 'false');
  // Another character: the same choices.
  await chat.open(3);
  await expect(page.getByRole('button', { name: 'Enable Voice Playback' })).toBeVisible();
  await expect(chat.monologueSwitch).toHaveAttribute('aria-checked', 'true');
});

test('an empty search lists every character the person may chat with', async ({ page, signIn }) => {
  await signIn();
  const search = new SearchPage(page);
  await search.open('');
  await expect(page.getByRole('heading', { name: 'All characters' })).toBeVisible();
  await expect(search.results.nth(17)).toBeVisible();
  await expect(search.noResults).toHaveCount(0);
  const all = await page.evaluate(async () => (await (await fetch('/api/character-personas')).json()).length);
  await expect(search.results).toHaveCount(all);
  await page.screenshot({ path: 'test-results/screens/search-empty.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/search-empty-phone.png' });
});

test('the person’s own messages render markdown like replies; the editor is as wide as the bubble and grows', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  const text = '*waves* **hello** there friend';
  await chat.send(SERAPHINE.name, text);
  const mine = chat.userMessages().last();
  await expect(mine).toHaveText('waves hello there friend');
  await expect(mine.locator('em')).toHaveText('waves');
  await expect(mine.locator('strong')).toHaveText('hello');
  const reply = chat.replies().last();
  await expect(reply).toHaveText('waves hello there friend… I hear you.');
  await expect(reply.locator('em')).toHaveText('waves');
  await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();
  await page.screenshot({ path: 'test-results/screens/own-markdown.png' });

  const bubbleWidth = (await mine.boundingBox())!.width;
  const row = chat.conversation.locator('[data-message="user"]').last();
  await row.hover();
  await chat.action(row, 'Edit').click();
  const editor = chat.editBox;
  await expect(editor).toHaveValue(text);
  const before = (await editor.boundingBox())!;
  const log = (await chat.conversation.boundingBox())!;
  expect(before.width).toBeGreaterThanOrEqual(bubbleWidth);
  expect(before.width).toBeGreaterThan(log.width * 0.6);
  await editor.press('End');
  for (let i = 0; i < 5; i++) await editor.press('Shift+Enter');
  await editor.pressSequentially('more');
  await expect.poll(async () => (await editor.boundingBox())!.height).toBeGreaterThan(before.height + 60);
  await page.screenshot({ path: 'test-results/screens/message-editor.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/message-editor-phone.png' });
});

test.describe('a message sent before the server has said how it replies', () => {
  // page.route sees the page's requests only while no service worker is in the way.
  test.use({ serviceWorkers: 'block' });

  test('Enter is kept and the message goes out once the reply path is known', async ({ page, signIn }) => {
    await signIn();
    let answerHealth = () => {};
    const healthHeld = new Promise<void>((resolve) => {
      answerHealth = resolve;
    });
    await page.route('**/ollama-health', async (route) => {
      await healthHeld;
      await route.continue();
    });
    const chat = new ChatPage(page);
    await chat.open(SERAPHINE.id);
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await chat.send(SERAPHINE.name, 'Are you there already?');
    await expect(chat.messageBox(SERAPHINE.name)).toHaveValue('Are you there already?');
    answerHealth();
    await expect(chat.userMessages().last()).toHaveText('Are you there already?');
    await expect(chat.messageBox(SERAPHINE.name)).toHaveValue('');
    await expect(chat.replies().last()).toContainText('I hear you.');
  });
});

test('below the featured cast the sidebar lists the person’s recent chats and own characters, each opening its chat', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await chat.sendAndWait(SERAPHINE.name, 'Where does the road go', 'Where does the road… I hear you.');
  const hist = chat.histParam();
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c08a3b' } })
    .png()
    .toBuffer();
  const made = await page.evaluate(
    async (data) => {
      const form = new FormData();
      form.append('avatar', new File([new Uint8Array(data)], 'marlo.png', { type: 'image/png' }));
      const { avatarUrl } = await (await fetch('/upload/avatar', { method: 'POST', body: form })).json();
      const res = await fetch('/api/character-personas', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Marlo the Mapmaker',
          tagline: 'Maps everything',
          description: 'words',
          avatarUrl,
        }),
      });
      const body = await res.json();
      return { status: res.status, id: body.id as number, message: body.message as string | undefined };
    },
    [...picture],
  );
  expect(made.status, made.message).toBe(201);
  const id = made.id;
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const featured = sidebar.getByRole('region', { name: 'Featured' });
  await expect(featured.getByRole('link')).toHaveCount(18);
  const recent = sidebar.getByRole('region', { name: 'Recent chats' });
  await expect(recent.getByRole('link', { name: /Seraphine Vale/ })).toContainText('Where does the road go');
  const own = sidebar.getByRole('group', { name: 'Your characters' });
  await expect(own.getByRole('link', { name: 'Marlo the Mapmaker' })).toBeVisible();
  await own.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/sidebar-recent.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the sidebar is the menu's drawer, with the same lists.
  const phone = new PhonePage(page);
  await phone.openMenu();
  const phoneRecent = phone.sidebar.getByRole('region', { name: 'Recent chats' });
  await expect(phoneRecent).toBeVisible();
  await phone.sidebar.getByRole('group', { name: 'Your characters' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/sidebar-recent-phone.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 720 });

  await recent
    .getByRole('link', { name: /Seraphine Vale/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/chat/${SERAPHINE.id}\\?hist=${hist}$`));
  await expect(chat.userMessages().last()).toHaveText('Where does the road go');
  await own.getByRole('link', { name: 'Marlo the Mapmaker' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));
  await expect(page.getByRole('heading', { name: 'Marlo the Mapmaker' })).toBeVisible();
});
