// Editing what is yours: a character's edit page and confirmed delete (from its chat menu and from 'Your
// Characters'), the create form's errors on screen, History's rename and delete, rewind that forgets.
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { ControlsPage } from './pages/conversation-controls.ts';
import { CreateCharacterPage } from './pages/create-character.ts';
import { EditingPage } from './pages/editing.ts';
import { HomePage } from './pages/home.ts';
import { expect, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

const png = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#3b7dc0' } })
    .png()
    .toBuffer();

test('the create form names each missing field beside it and focuses the first; then edit and delete from the chat menu', async ({
  page,
  signIn,
}) => {
  await signIn();
  const create = new CreateCharacterPage(page);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await create.open();
  await create.save.click();
  await expect(page.getByText('Character Name is required')).toBeVisible();
  await expect(page.getByText('Tagline is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByText('Character Avatar is required: choose an image')).toBeVisible();
  await expect(create.name).toBeFocused();
  await expect(create.name).toHaveAttribute('aria-invalid', 'true');
  await expect(create.name).toHaveAccessibleDescription(/Character Name is required/);
  await expect.poll(() => logs.join('\n')).toContain('Failed to create character');
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.screenshot({ path: 'test-results/screens/create-errors.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/create-errors-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Fixing the name leaves the others named; the first missing one now has the focus.
  await create.name.fill('Captian Nimbus');
  await create.save.click();
  await expect(page.getByText('Character Name is required')).toHaveCount(0);
  await expect(create.tagline).toBeFocused();
  await create.tagline.fill('Sails the cloud sea');
  await create.description.fill('A cheerful sky sailor who tells {{userName}} about storms.');
  await create.avatar.setInputFiles({ name: 'nimbus.png', mimeType: 'image/png', buffer: await png() });
  await expect(page.getByText('Character Avatar is required: choose an image')).toHaveCount(0);
  await create.save.click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const chat = new ChatPage(page);
  await expect(page.getByRole('heading', { name: 'Captian Nimbus' })).toBeVisible();
  await chat.sendAndWait('Captian Nimbus', 'Tell me of the storm', replyTo('Tell me of the storm'));

  // Edit: the create form, filled; the typo fixed.
  const editing = new EditingPage(page);
  await editing.characterMenu.click();
  await page.screenshot({ path: 'test-results/screens/character-menu.png' });
  await editing.editCharacter.click();
  await expect(page).toHaveURL(new RegExp(`/character/${id}/edit$`));
  await expect(page.getByRole('heading', { name: 'Edit Captian Nimbus' })).toBeVisible();
  await expect(create.name).toHaveValue('Captian Nimbus');
  await expect(create.tagline).toHaveValue('Sails the cloud sea');
  await expect(create.description).toHaveValue('A cheerful sky sailor who tells {{userName}} about storms.');
  await expect(create.avatarPreview).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.screenshot({ path: 'test-results/screens/edit-character.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/edit-character-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await create.name.fill('Captain Nimbus');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${id}`));
  await expect(page.getByRole('heading', { name: 'Captain Nimbus' })).toBeVisible();
  await expect(chat.userMessages().last()).toHaveText('Tell me of the storm');

  // Delete, confirmed: the dialog says what goes with it; Cancel keeps it.
  await editing.characterMenu.click();
  await editing.deleteCharacter.click();
  const dialog = editing.deleteDialog('Captain Nimbus');
  await expect(dialog).toContainText('Your chats with this character, the memories it keeps and its avatar');
  await page.screenshot({ path: 'test-results/screens/delete-character.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await editing.characterMenu.click();
  await editing.deleteCharacter.click();
  await editing.deleteDialog('Captain Nimbus').getByRole('button', { name: 'Delete character' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new HomePage(page).yourCharacters).toHaveCount(0);
  const status = await page.evaluate(async (characterId) => {
    return (await fetch(`/api/character-personas/${characterId}`)).status;
  }, id);
  expect(status).toBe(404);
});

test("'Your Characters' edits and deletes; built-in characters have no character menu", async ({
  page,
  signIn,
}) => {
  await signIn();
  const bytes = [...(await png())];
  const made = await page.evaluate(async (data) => {
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(data)], 'a.png', { type: 'image/png' }));
    const { avatarUrl } = await (await fetch('/upload/avatar', { method: 'POST', body: form })).json();
    const names = ['Duplicate Dora', 'Keeper Kai'];
    const ids: number[] = [];
    for (const name of names) {
      const res = await fetch('/api/character-personas', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, tagline: 'imported twice', description: 'words', avatarUrl }),
      });
      ids.push((await res.json()).id);
    }
    return ids;
  }, bytes);
  const home = new HomePage(page);
  await home.open();
  await expect(home.yourCharacters.getByRole('link', { name: /^Duplicate Dora / })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/your-characters.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/your-characters-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await home.yourCharacters.getByRole('link', { name: 'Edit Keeper Kai' }).click();
  await expect(page).toHaveURL(new RegExp(`/character/${made[1]}/edit$`));
  await expect(page.getByLabel('Character Name')).toHaveValue('Keeper Kai');
  await home.open();

  await home.yourCharacters.getByRole('button', { name: 'Delete Duplicate Dora' }).click();
  const editing = new EditingPage(page);
  await editing.deleteDialog('Duplicate Dora').getByRole('button', { name: 'Delete character' }).click();
  await expect(page.getByText('Character deleted')).toBeVisible();
  await expect(home.yourCharacters.getByRole('link', { name: /^Duplicate Dora / })).toHaveCount(0);
  await expect(home.yourCharacters.getByRole('link', { name: /^Keeper Kai / })).toBeVisible();

  await new ChatPage(page).open(SERAPHINE.id);
  await expect(page.getByRole('heading', { name: SERAPHINE.name })).toBeVisible();
  await expect(editing.characterMenu).toHaveCount(0);
  await page.goto(`/character/${SERAPHINE.id}/edit`);
  await expect(page.getByText('You can edit only characters you made.')).toBeVisible();
});

test('History renames and deletes chats (confirmed, with "forget what was said here"); rewind offers to forget', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ControlsPage(page);
  const editing = new EditingPage(page);
  await chat.open(SERAPHINE.id);
  await chat.sendAndWait(SERAPHINE.name, 'The bridge washed away', replyTo('The bridge washed away'));
  await chat.newChatButton.click();
  await chat.sendAndWait(SERAPHINE.name, 'Lanterns over the harbour', replyTo('Lanterns over the harbour'));

  // Rewind offers to forget the memories made from the rewound messages.
  const row = chat.row('Lanterns over the harbour');
  await row.hover();
  await chat.action(row, 'Rewind to here').click();
  await expect(
    chat.rewindDialog.getByLabel('Also forget the memories made from these messages'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/rewind-forget.png' });
  await chat.rewindDialog.getByRole('button', { name: 'Cancel' }).click();

  await chat.historyButton.click();
  await expect(editing.history.getByText('The bridge washed away')).toBeVisible();
  await editing.renameButton('The bridge washed away').click();
  await editing.history.getByRole('textbox', { name: 'Chat name' }).fill('Flood night');
  await page.screenshot({ path: 'test-results/screens/history-rename.png' });
  await editing.history.getByRole('button', { name: 'Save' }).click();
  await expect(editing.history.getByText('Flood night')).toBeVisible();
  await page.reload();
  await chat.historyButton.click();
  await expect(editing.history.getByText('Flood night')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/history.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/history-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await editing.deleteChatButton('Lanterns over the harbour').click();
  const dialog = editing.deleteChatDialog;
  await expect(dialog).toContainText('Memories made from it stay unless you tick the box.');
  const forget = dialog.getByLabel('forget what was said here');
  await expect(forget).not.toBeChecked();
  await forget.check();
  await page.screenshot({ path: 'test-results/screens/delete-chat.png' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editing.history.getByText('Lanterns over the harbour')).toHaveCount(0);
  await expect(editing.history.getByText('Flood night')).toBeVisible();
  // The open chat was the deleted one: the screen starts afresh.
  await expect(chat.userMessages()).toHaveCount(0);
});
