// Memory people can see and steer (issue 24): a fact the judge made from the chat, with its kind, date and
// source link in the drawer, the link opening that chat at that message; editing its text (its history
// kept); and the memories a reply was given - on a desktop and on a phone.
import { ChatPage } from './pages/chat.ts';
import { MemoriesPage } from './pages/memories.ts';
import { expect, test } from './support/fixtures.ts';

// Seraphine Vale is built-in character 1. The fake model echoes the first four words; its judge keeps a
// line about the person (I/my, four words or more, not a question) as a third-person fact with a kind,
// and the day of a dated event, as a model following the judge's instructions does (fake-judge.ts).
const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;
const TOLD = 'My dog is called Biscuit';
const FACT = 'Robin has a dog called Biscuit';
const EDITED = 'Robin has a golden retriever called Biscuit';
const PLANNED = 'I have a job interview at the bakery tomorrow';
const DATED_FACT = /Robin has a job interview at the bakery on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}/;

const screens = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 720 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test(`memory facts (${screen.name}): the judge's fact with kind, date and source link to the message, editing with history, the memories a reply was given`, async ({
      page,
      signIn,
    }) => {
      // Four replies, the judge after each, and two reloads: minutes on a busy 2-core machine.
      test.setTimeout(240_000);
      await signIn();
      const chat = new ChatPage(page);
      const memories = new MemoriesPage(page);
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/screens/${name}-${screen.name}.png` });
      // On a phone Enter is a new line: the Send button sends, as people there do.
      const say = async (text: string) => {
        await chat.messageBox(SERAPHINE.name).fill(text);
        await chat.sendButton.click();
        await expect(
          chat
            .replies()
            .filter({ hasText: replyTo(text) })
            .last(),
        ).toHaveText(replyTo(text), { timeout: 30_000 });
        await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();
      };
      // On a phone the right-hand panel (New Chat, Memories, History) starts closed.
      const showPanel = async () => {
        const panelSwitch = page.getByRole('switch', { name: 'Character Drawer' });
        await expect(panelSwitch).toBeVisible();
        if ((await panelSwitch.getAttribute('aria-checked')) !== 'true') await panelSwitch.click();
        await expect(memories.openButton).toBeVisible();
      };
      await chat.open(SERAPHINE.id);
      await say('hi');
      await say(TOLD);
      await say(PLANNED);

      // The drawer: the judge's fact (not the words) with its kind, the day it was kept and its source.
      await showPanel();
      await memories.waitFor(DATED_FACT);
      await memories.waitFor(FACT);
      const item = memories.item(FACT);
      await expect(item.getByText(FACT, { exact: true })).toBeVisible();
      await expect(item).not.toContainText(TOLD);
      await expect(item.getByText('pet', { exact: true })).toBeVisible();
      await expect(item.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+$/);
      const source = item.getByRole('link', { name: /^from your chat on \d{1,2} [A-Z][a-z]+$/ });
      await expect(source).toHaveAttribute('href', /^\/chat\/1\?hist=[0-9a-f-]{36}&at=\d+$/);
      // A dated event: the day it happens, resolved from 'tomorrow', in the fact and on the item.
      const dated = memories.item(DATED_FACT);
      await expect(dated).toHaveCount(1);
      await expect(dated.getByText('event', { exact: true })).toBeVisible();
      const happens = dated.locator('time[title="When it happens"]');
      await expect(happens).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      await expect(happens).toHaveText(/^\d{1,2} [A-Z][a-z]+$/);
      await shot('memory-facts-drawer');

      // Edit its text: saved, and what it said before is its history.
      await item.getByRole('button', { name: 'Edit memory' }).click();
      const box = memories.drawer.getByRole('textbox', { name: 'Memory text' });
      await expect(box).toHaveValue(FACT);
      await box.fill(`  ${EDITED} `);
      await memories.drawer.getByRole('button', { name: 'Save' }).click();
      const edited = memories.drawer.getByRole('list', { name: 'Memories' }).locator(':scope > li').filter({
        hasText: EDITED,
      });
      await expect(edited.getByText(EDITED, { exact: true })).toBeVisible();
      await edited.getByText('Updated once').click();
      await expect(edited.getByRole('listitem').filter({ hasText: FACT })).toContainText(/\(until .+\)/);
      await shot('memory-facts-edited');

      // The edit is kept: the drawer reads it back after a reload.
      await page.reload();
      await showPanel();
      await memories.open();
      await expect(memories.drawer.getByText(EDITED, { exact: true })).toBeVisible();

      // The source link opens that chat at that message, highlighted.
      await memories.drawer
        .getByRole('list', { name: 'Memories' })
        .locator(':scope > li')
        .filter({ hasText: EDITED })
        .getByRole('link', { name: /^from your chat on / })
        .click();
      await expect(memories.drawer).toBeHidden();
      await expect(page.getByRole('complementary', { name: 'Chat panel' })).toBeVisible({
        visible: screen.name === 'desktop',
      });
      await expect(page).toHaveURL(/\/chat\/1\?hist=[0-9a-f-]{36}&at=\d+$/);
      const focused = chat.conversation.locator('[data-focused]');
      await expect(focused).toHaveCount(1);
      await expect(focused).toContainText(TOLD);
      await expect(focused).toBeInViewport();
      await shot('memory-facts-source');

      // A reply shows which memories it was given: both facts, as they are now.
      const asked = 'What do you remember about my dog?';
      await say(asked);
      const used = page.getByRole('button', { name: 'Memories used: 2' });
      await expect(used).toHaveCount(1);
      await used.click();
      const popover = page.getByRole('dialog', { name: 'Memories this reply was given' });
      await expect(popover.getByRole('listitem')).toHaveCount(2);
      await expect(popover.getByRole('listitem').filter({ hasText: EDITED })).toHaveCount(1);
      await expect(popover.getByRole('listitem').filter({ hasText: DATED_FACT })).toHaveCount(1);
      await expect(popover).toBeInViewport({ ratio: 1 });
      await shot('memory-facts-used');
      await page.keyboard.press('Escape');

      // Stored with the reply: still there after a reload (the reply to the interview may have been given
      // the dog, if the judge had kept it by then; nothing was kept before the dog).
      await page.reload();
      await expect(chat.replies().filter({ hasText: replyTo(asked) })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Memories used: 2' })).toHaveCount(1);
      await expect(page.getByRole('button', { name: /^Memories used: / })).not.toHaveCount(3);
    });
  });
}
