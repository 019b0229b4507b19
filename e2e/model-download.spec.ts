import type { Browser } from '@playwright/test';
import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { expect, newPerson, test } from './support/fixtures.ts';
import { desktopAndPhoneShots } from './support/screens.ts';

// The embedded path end to end: no model → opening a chat says so (the owner is offered the download,
// everyone else reads a plain line), a message sent meanwhile is kept → llama.cpp answers.
// The model is a tiny random-weight GGUF, so its words are nonsense by design; the plumbing is real.

async function signedIn(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_NO_MODEL_URL });
  const page = await context.newPage();
  await new LoginPage(page).signIn(newPerson(name));
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

test('with no model, opening a chat says so, a message sent is kept, the owner downloads one and the character answers through llama.cpp', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The first account on this server is its owner.
  const { context, page } = await signedIn(browser, 'Nomodel Owner');
  const chat = new ChatPage(page);
  await chat.open(1);
  // Before any send: the owner is shown the model choice.
  const panel = page.getByRole('region', { name: 'No chat model' });
  await expect(panel).toContainText('This Kindred has no model yet.');
  await expect(panel).toContainText('OPENAI_BASE_URL');
  const choices = panel.getByRole('list', { name: 'Models to download' }).getByRole('listitem');
  await expect(choices).toHaveCount(2);
  await expect(chat.userMessages()).toHaveCount(0);
  await desktopAndPhoneShots(page, 'no-model-owner', { width: 1280, height: 720 });

  // Anyone else: a plain line, no operator's advice, no download; their message is kept.
  const guest = await signedIn(browser, 'Nomodel Guest');
  const guestChat = new ChatPage(guest.page);
  await guestChat.open(1);
  const line = guest.page.getByRole('region', { name: 'No chat model' });
  await expect(line).toHaveText('This Kindred has no model yet.');
  await expect(guest.page.getByText(/OPENAI_BASE_URL|Download|Only the owner/)).toHaveCount(0);
  await desktopAndPhoneShots(guest.page, 'no-model-guest', { width: 1280, height: 720 });
  await guestChat.send('Seraphine Vale', 'Is anyone home?');
  await expect(guestChat.conversation.getByRole('alert')).toContainText('This Kindred has no model yet.');
  await guest.page.reload();
  await expect(guestChat.userMessages()).toHaveText(['Is anyone home?']);
  await expect(guest.page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await guest.context.close();

  // The owner's first message is kept after a reload too.
  await chat.send('Seraphine Vale', 'Hello there');
  await expect(chat.userMessages().last()).toContainText('Hello there');
  await expect(panel).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/no-model.png' });
  await page.reload();
  await expect(chat.userMessages()).toHaveText(['Hello there']);

  // A choice: the fast small model and the better larger one, each with its size, speed and licence.
  await expect(choices.nth(0)).toContainText('Qwen2.5 0.5B Instruct');
  await expect(choices.nth(1)).toContainText('Qwen2.5 1.5B Instruct');
  for (const i of [0, 1]) {
    await expect(choices.nth(i)).toContainText('Apache-2.0');
    await expect(choices.nth(i)).toContainText(/\d+ words\/s, first word in [\d.]+ s/);
    await expect(choices.nth(i)).toContainText(/\d+(\.\d)? (MB|GB)/);
  }
  await expect(panel.getByRole('button', { name: 'Download the larger model' })).toBeVisible();
  await panel.getByRole('button', { name: 'Download model' }).click();
  await expect(panel.getByRole('status')).toHaveText('Model ready — send your message again.');
  await page.screenshot({ path: 'test-results/screens/model-ready.png' });

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(chat.replies().last()).not.toBeEmpty({ timeout: 90_000 });
  await expect(chat.userMessages()).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'No chat model' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/embedded-reply.png' });
  await context.close();
});
