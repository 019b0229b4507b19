import sharp from 'sharp';
import { ControlsPage } from './pages/conversation-controls.ts';
import { CreateCharacterPage } from './pages/create-character.ts';
import { expect, test } from './support/fixtures.ts';

// Seraphine Vale is built-in character 1; her greeting names the person (Robin Tester by default).
const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const GREETING = 'Well met, Robin Tester. The fire is small but it is warm, and Thistle does not bite.';
// The fake model echoes the first four words of the person's last message.
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

async function sendAndWait(chat: ControlsPage, text: string) {
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  // Once the server's copy is on screen the reply has its controls.
  await expect(chat.action(chat.row(replyTo(text)), 'Regenerate')).toBeVisible();
}

test('a new chat shows the greeting, which is stored and stays first', async ({ page, signIn }) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  await expect(chat.greeting()).toContainText(GREETING);
  await expect(chat.replies()).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/controls-greeting.png' });

  await sendAndWait(chat, 'Where does this road go');
  await expect(page).toHaveURL(/\?hist=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(chat.greeting()).toContainText(GREETING);
  await expect(chat.userMessages()).toHaveText(['Where does this road go']);

  // New Chat: the greeting again, and nothing saved for a chat that only has it.
  await chat.newChatButton.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${SERAPHINE.id}$`));
  await expect(chat.greeting()).toContainText(GREETING);
  await expect(chat.userMessages()).toHaveCount(0);
});

test('regenerate gives a second alternative; the arrows move between them and survive a reload', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  const first = 'Tell me about dragons please';
  await sendAndWait(chat, first);
  await expect(page.getByText('19 messages left today')).toBeVisible();

  // Regenerate: a second alternative, counted as a message.
  await chat.action(chat.lastRow(), 'Regenerate').click();
  await expect(chat.counter(chat.lastRow())).toHaveText('2/2');
  await expect(page.getByText('18 messages left today')).toBeVisible();

  // Edit my message and answer it again: a third alternative with a different text.
  const second = 'Sing about the sea instead';
  await chat.action(chat.row(first), 'Edit').click();
  await chat.editBox.fill(second);
  await chat.editBox.press('Enter');
  await expect(chat.userMessages()).toHaveText([second]);
  await page.getByRole('button', { name: 'Re-answer' }).click();
  await expect(chat.counter(chat.lastRow())).toHaveText('3/3');
  await expect(chat.replies().last()).toHaveText(replyTo(second));
  await page.screenshot({ path: 'test-results/screens/controls-swipe.png' });

  await chat.action(chat.lastRow(), 'Previous alternative').click();
  await expect(chat.counter(chat.lastRow())).toHaveText('2/3');
  await expect(chat.replies().last()).toHaveText(replyTo(first));

  await page.reload();
  await expect(chat.counter(chat.lastRow())).toHaveText('2/3');
  await expect(chat.replies().last()).toHaveText(replyTo(first));

  // Right arrow in the empty box swipes forward; Left goes back.
  await chat.messageBox(SERAPHINE.name).click();
  await chat.messageBox(SERAPHINE.name).press('ArrowRight');
  await expect(chat.counter(chat.lastRow())).toHaveText('3/3');
  await expect(chat.replies().last()).toHaveText(replyTo(second));
  await chat.messageBox(SERAPHINE.name).press('ArrowLeft');
  await expect(chat.counter(chat.lastRow())).toHaveText('2/3');
  await page.reload();
  await expect(chat.counter(chat.lastRow())).toHaveText('2/3');

  // The conversation goes on from the chosen one.
  await sendAndWait(chat, 'And then what happened');
  await expect(chat.replies()).toHaveText([replyTo(first), replyTo('And then what happened')]);
});

test('edit, rewind, continue and rate', async ({ page, signIn }) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  await sendAndWait(chat, 'The bridge washed out');
  await sendAndWait(chat, 'Where do we sleep tonight');

  // Edit the character's reply in place: markdown shows.
  await chat.action(chat.row(replyTo('The bridge washed out')), 'Edit').click();
  await chat.editBox.fill('*nods slowly* We ford the river.');
  await chat.conversation.getByRole('button', { name: 'Save' }).click();
  await expect(chat.replies().first()).toHaveText('nods slowly We ford the river.');
  await expect(chat.replies().first().locator('em')).toHaveText('nods slowly');

  // Up arrow in the empty box edits my last message.
  await chat.messageBox(SERAPHINE.name).click();
  await chat.messageBox(SERAPHINE.name).press('ArrowUp');
  await expect(chat.editBox).toHaveValue('Where do we sleep tonight');
  await chat.editBox.fill('Where do we camp tonight');
  await chat.editBox.press('Enter');
  await expect(chat.userMessages().last()).toHaveText('Where do we camp tonight');
  await page.getByRole('button', { name: 'Dismiss' }).click();

  // Rate: stored.
  const good = chat.action(chat.lastRow(), 'Good reply');
  await good.click();
  await expect(good).toHaveAttribute('aria-pressed', 'true');

  // Continue: the reply grows.
  const before = replyTo('Where do we sleep tonight');
  await chat.action(chat.lastRow(), 'Continue').click();
  await expect(chat.replies().last()).toHaveText(`${before} [Continue your last reply… I hear you.`);

  await page.reload();
  await expect(chat.userMessages()).toHaveText(['The bridge washed out', 'Where do we camp tonight']);
  await expect(chat.replies().first()).toHaveText('nods slowly We ford the river.');
  await expect(chat.replies().last()).toContainText('[Continue your last reply… I hear you.');
  await expect(chat.action(chat.lastRow(), 'Good reply')).toHaveAttribute('aria-pressed', 'true');

  // Rewind from my second message: a confirmation, then it and the reply after it are gone.
  await chat.action(chat.row('Where do we camp tonight'), 'Rewind to here').click();
  await expect(chat.rewindDialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/controls-rewind.png' });
  await chat.rewindDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(chat.userMessages()).toHaveCount(2);
  await chat.action(chat.row('Where do we camp tonight'), 'Rewind to here').click();
  await chat.rewindDialog.getByRole('button', { name: 'Rewind' }).click();
  await expect(chat.userMessages()).toHaveText(['The bridge washed out']);
  await expect(chat.replies()).toHaveCount(1);
  await page.reload();
  await expect(chat.userMessages()).toHaveText(['The bridge washed out']);
  await expect(chat.replies()).toHaveCount(1);

  // Copy puts the text on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await chat.action(chat.row('The bridge washed out'), 'Copy').click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('The bridge washed out');
});

test('replies render role-play markdown safely', async ({ page, signIn }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);

  await chat.send(SERAPHINE.name, '*waves*');
  await expect(chat.replies().last()).toHaveText('waves… I hear you.');
  await expect(chat.replies().last().locator('em')).toHaveText('waves');
  // The person's own messages render the same markdown as replies.
  await expect(chat.userMessages().last()).toHaveText('waves');
  await expect(chat.userMessages().last().locator('em')).toHaveText('waves');
  await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();

  const html = '<img src=x onerror=alert(1)>';
  await chat.sendAndWait(SERAPHINE.name, html, `${html}… I hear you.`);
  await expect(chat.replies().last()).toHaveText(`${html}… I hear you.`);
  await expect(chat.conversation.locator('img[src="x"]')).toHaveCount(0);
  await page.reload();
  await expect(chat.replies().last()).toHaveText(`${html}… I hear you.`);
  await expect(chat.conversation.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('persona on /profile is saved', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/profile');
  const box = page.getByRole('textbox', { name: 'Your persona' });
  await box.fill("I'm a night-shift nurse who loves rainy days");
  await page.getByRole('button', { name: 'Save Persona' }).click();
  await expect(page.getByText('Persona saved')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/controls-persona.png' });
  await page.reload();
  await expect(box).toHaveValue("I'm a night-shift nurse who loves rainy days");
});

test("a created character's Greeting, and a card's alternate greetings picked with the swipe control", async ({
  page,
  signIn,
}) => {
  await signIn();
  const create = new CreateCharacterPage(page);
  await create.open();
  await create.name.fill('Captain Wren');
  await create.tagline.fill('Keeps the lighthouse');
  await create.description.fill('You are Captain Wren, who keeps the lighthouse.');
  await page.getByLabel('Greeting').fill('*tips hat* Ahoy, {{userName}}! Mind the **stairs**.');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  await create.avatar.setInputFiles({ name: 'wren.png', mimeType: 'image/png', buffer: png });
  await create.save.click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const chat = new ControlsPage(page);
  await expect(chat.greeting()).toHaveText('tips hat Ahoy, Robin Tester! Mind the stairs.');
  await expect(chat.greeting().locator('em')).toHaveText('tips hat');
  await expect(chat.greeting().locator('strong')).toHaveText('stairs');

  await create.open();
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Mara',
      description: 'An innkeeper at the edge of the marsh.',
      first_mes: 'Welcome in, {{user}}.',
      alternate_greetings: [
        '*polishes a cup* Back again, {{user}}?',
        'Storm season. {{char}} lights the lamps.',
      ],
    },
  };
  await create.cardFile.setInputFiles({
    name: 'mara.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(card)),
  });
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(chat.greeting()).toHaveText('Welcome in, Robin Tester.');
  await expect(chat.counter(chat.lastRow())).toHaveText('1/3');
  await chat.action(chat.lastRow(), 'Next alternative').click();
  await expect(chat.greeting()).toHaveText('polishes a cup Back again, Robin Tester?');
  await expect(chat.counter(chat.lastRow())).toHaveText('2/3');
  await sendAndWaitFor(chat, 'Mara', 'A room for the night');
  await page.reload();
  await expect(chat.greeting()).toHaveText('polishes a cup Back again, Robin Tester?');
  await expect(chat.userMessages()).toHaveText(['A room for the night']);
});

async function sendAndWaitFor(chat: ControlsPage, characterName: string, text: string) {
  await chat.sendAndWait(characterName, text, replyTo(text));
}
