// Group chats in the browser: start one with three characters from home, hear from the two named, run
// auto-mode for three turns and stop it; the group opens again through ?hist= like any chat.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const MEMBERS = ['Seraphine Vale', 'Rook', 'Juniper Hale'];

/** Starts a group chat with these characters from home and waits for its screen. */
async function startGroup(page: Page, names: string[]) {
  await page.getByRole('button', { name: 'Start a group chat' }).click();
  const picker = page.getByRole('dialog', { name: 'Start a group chat' });
  for (const name of names) await picker.getByRole('checkbox', { name }).check();
  await picker.getByRole('button', { name: 'Start group chat' }).click();
  await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
}

test('a group of three: the two named answer, auto-mode runs three turns and stops', async ({
  page,
  signIn,
}) => {
  await signIn();
  await startGroup(page, MEMBERS);
  const uuid = page.url().split('/').at(-1)!;
  const members = page.getByRole('region', { name: 'Group members' });
  for (const name of MEMBERS)
    await expect(members.getByRole('button', { name: `Speak: ${name}` })).toBeVisible();

  // Juniper stays quiet unless named (talkativeness 0), so only the two named answer.
  const juniper = members.getByRole('slider', { name: 'Talkativeness of Juniper Hale' });
  await juniper.focus();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/members/') && r.request().method() === 'PATCH'),
    juniper.press('Home'),
  ]);
  await expect(juniper).toHaveValue('0');

  const box = page.getByPlaceholder('Type your message to the group...');
  await box.fill('Seraphine and Rook, where shall we ride tonight?');
  await box.press('Enter');
  const replies = page.getByRole('log', { name: 'Conversation' }).locator('[data-message="assistant"]');
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(0)).toHaveAttribute('data-speaker', 'Seraphine Vale');
  await expect(replies.nth(1)).toHaveAttribute('data-speaker', 'Rook');
  await expect(replies.nth(0)).toContainText('Seraphine Vale');
  await expect(box).toBeEnabled();
  await page.screenshot({ path: 'test-results/screens/group-named.png' });

  // Auto-mode: a free person is told first that each reply counts; three turns, then stop.
  await page.getByRole('button', { name: 'Auto-mode', exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Start auto-mode?' });
  await expect(notice).toContainText(
    'Each character reply counts as one message against your free daily limit',
  );
  await notice.getByRole('button', { name: 'Start auto-mode' }).click();
  await expect(page.getByRole('button', { name: 'Stop auto-mode' })).toBeVisible();
  await expect(replies).toHaveCount(5, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop auto-mode' }).click();
  await expect(page.getByRole('button', { name: 'Auto-mode', exact: true })).toBeVisible();
  const after = await replies.count();
  expect(after).toBeLessThanOrEqual(6);
  await page.waitForTimeout(3000);
  await expect(replies).toHaveCount(after);
  // Turn by turn, nobody answers themself twice in a row.
  const speakers = await replies.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-speaker')));
  for (let i = 3; i < speakers.length; i++) expect(speakers[i]).not.toBe(speakers[i - 1]);
  await page.screenshot({ path: 'test-results/screens/group-auto.png' });

  // 'Speak' makes Juniper answer now.
  await members.getByRole('button', { name: 'Speak: Juniper Hale' }).click();
  await expect(replies.last()).toHaveAttribute('data-speaker', 'Juniper Hale');

  // Conversation controls work on a group reply: regenerate gives Juniper's reply a second alternative.
  const last = page.getByRole('log', { name: 'Conversation' }).locator('[data-message]').last();
  const regenerate = last.getByRole('toolbar', { name: 'Message actions' }).getByRole('button', {
    name: 'Regenerate',
    exact: true,
  });
  await regenerate.click();
  await expect(last.getByTestId('alternative-counter')).toHaveText('2/2');
  await expect(replies.last()).toHaveAttribute('data-speaker', 'Juniper Hale');

  // The sidebar's recent chats show the group with its members' faces, and open it.
  const faces = page.getByRole('img', { name: 'Group: Seraphine Vale, Rook, Juniper Hale' });
  await expect(faces).toBeVisible();
  await page.goto('/');
  await page
    .getByRole('link', { name: /Group: Seraphine Vale, Rook, Juniper Hale/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/group/${uuid}`);

  // The group opens through ?hist= like any chat; on a phone it fits the width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/chat/1?hist=${uuid}`);
  await expect(page).toHaveURL(`/group/${uuid}`);
  await expect(replies).toHaveCount(after + 1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/group-phone.png', fullPage: true });
});

test('a message in a group that reads like a crisis shows the crisis card above the replies', async ({
  page,
  signIn,
}) => {
  await signIn();
  await startGroup(page, MEMBERS.slice(0, 2));

  const box = page.getByPlaceholder('Type your message to the group...');
  await box.fill("Seraphine, honestly i don't want to wake up tomorrow");
  await box.press('Enter');
  const card = page.getByRole('alert', { name: 'Crisis support' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'findahelpline.com' })).toBeVisible();
  const replies = page.getByRole('log', { name: 'Conversation' }).locator('[data-message="assistant"]');
  await expect(replies.first()).toBeVisible();
  await expect(box).toBeEnabled();
  // The card sits between the person's message and the replies.
  expect((await card.boundingBox())!.y).toBeLessThan((await replies.first().boundingBox())!.y);
  await page.screenshot({ path: 'test-results/screens/group-crisis-card.png' });
});
