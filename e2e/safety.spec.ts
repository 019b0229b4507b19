// Issue 23 in the browser: characters disclosed as AI (login, chat, upgrade) and the one-time notice.

import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { expect, test } from './support/fixtures.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const AI_LINE = 'Every character on Kindred is an AI, not a real person.';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`disclosure: the login line, the chat line and the one-time notice (${label})`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    await new LoginPage(page).open();
    await expect(page.getByText(AI_LINE)).toBeVisible();
    await signIn();

    const chat = new ChatPage(page);
    await chat.open(SERAPHINE.id);
    await expect(page.getByText(`${SERAPHINE.name} is an AI character, not a real person.`)).toBeVisible();
    const notice = page.getByRole('region', { name: 'You are talking with an AI' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('None of them is a real person');
    await page.screenshot({ path: `test-results/screens/ai-notice-${label}.png` });
    await notice.getByRole('button', { name: 'I understand' }).click();
    await expect(notice).toBeHidden();

    // Remembered on the server: not again on this chat, another chat, or after a reload.
    await chat.open(2);
    await expect(page.getByText('Ganondorf is an AI character, not a real person.')).toBeVisible();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByText('Ganondorf is an AI character, not a real person.')).toBeVisible();
    await expect(notice).toBeHidden();
    await page.screenshot({ path: `test-results/screens/ai-line-${label}.png` });

    await page.goto('/upgrade');
    await expect(page.getByText(AI_LINE)).toBeVisible();
  });
}

test('a crisis message shows the card with the chosen country lines above the reply; /safety from the sidebar', async ({
  page,
  signIn,
}) => {
  await signIn();
  await page.goto('/profile');
  await page.getByLabel('Crisis lines for').selectOption('GB');
  await expect(page.getByText('Shown now: Samaritans (116 123)')).toBeVisible();

  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await page.getByRole('button', { name: 'I understand' }).click();
  await chat.send(SERAPHINE.name, "honestly i don't want to wake up tomorrow");
  const card = page.getByRole('alert', { name: 'Crisis support' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Samaritans');
  await expect(card.getByRole('link', { name: '116 123' })).toHaveAttribute('href', 'tel:116123');
  await expect(card.getByRole('link', { name: 'findahelpline.com' })).toBeVisible();
  // The card sits between the message and the reply.
  await expect(chat.replies().last()).toContainText('I hear you.');
  const cardBox = await card.boundingBox();
  const replyBox = await chat.replies().last().boundingBox();
  expect(cardBox!.y).toBeLessThan(replyBox!.y);
  await page.screenshot({ path: 'test-results/screens/crisis-card.png' });

  await page.getByRole('link', { name: 'Safety', exact: true }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(page.getByRole('heading', { name: 'Safety on Kindred' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who to call' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/safety-page.png' });
});
