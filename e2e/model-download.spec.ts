import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { expect, newPerson, test } from './support/fixtures.ts';

// The embedded path end to end: no model → the chat offers the download → llama.cpp answers.
// The model is a tiny random-weight GGUF, so its words are nonsense by design; the plumbing is real.
test('with no model, the chat offers the download, and then the character answers through llama.cpp', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: process.env.E2E_NO_MODEL_URL });
  const page = await context.newPage();
  await new LoginPage(page).signIn(newPerson('Nomodel Person'));
  await expect(page).toHaveURL(/\/$/);

  const chat = new ChatPage(page);
  await chat.open(1);
  await chat.send('Seraphine Vale', 'Hello there');
  const panel = page.getByRole('region', { name: 'No chat model' });
  await expect(panel).toContainText('No chat model is available');
  await expect(chat.userMessages().last()).toContainText('Hello there');
  await page.screenshot({ path: 'test-results/screens/no-model.png' });

  // A choice: the fast small model and the better larger one, each with its size, speed and licence.
  const choices = panel.getByRole('list', { name: 'Models to download' }).getByRole('listitem');
  await expect(choices).toHaveCount(2);
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
