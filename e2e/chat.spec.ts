// The chat screen: sending and the reply, the message box, New Chat and History, the daily limit, stopping.
import { ChatPage } from './pages/chat.ts';
import { GANONDORF, replyTo, SERAPHINE } from './support/chat-characters.ts';
import { expect, sessionIn, signedInTest, test } from './support/fixtures.ts';

test('send: typing dots while waiting, the reply typed out, the chat stored under ?hist', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await expect(page.getByRole('heading', { name: SERAPHINE.name })).toBeVisible();
  await expect(page.getByText('20 messages left today')).toBeVisible();

  // Hold the reply back a little so the waiting state can be seen.
  await page.route('**/assistant-reply-*', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const text = 'The road north is flooded again tonight';
  await chat.send(SERAPHINE.name, text);
  await expect(chat.userMessages().last()).toHaveText(text);
  await expect(chat.typingDots(SERAPHINE.name)).toBeVisible();
  await expect(chat.messageBox(SERAPHINE.name)).toBeDisabled();
  await expect(chat.sendButton).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/chat-waiting.png' });

  // Typed out: first part of the reply, then all of it.
  const reply = replyTo(text);
  const typing = chat.replies().last();
  await expect(typing).toHaveAttribute('aria-busy', 'true');
  const partial = await typing.textContent();
  expect(reply.startsWith(partial ?? '')).toBe(true);
  expect((partial ?? '').length).toBeLessThan(reply.length);
  await expect(chat.replies().last()).toHaveText(reply);
  await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();
  await expect(page).toHaveURL(/\?hist=[0-9a-f-]{36}$/);
  await expect(page.getByText('19 messages left today')).toBeVisible();
  await expect(chat.userMessages()).toHaveText([text]);
  await page.screenshot({ path: 'test-results/screens/chat-reply.png' });

  // Reopened without hist, the latest chat loads again.
  const hist = chat.histParam();
  await chat.open(SERAPHINE.id);
  await expect(page).toHaveURL(new RegExp(`\\?hist=${hist}$`));
  await expect(chat.userMessages()).toHaveText([text]);
  await expect(chat.replies()).toHaveText([reply]);
});

signedInTest('Shift+Enter adds a line, and the box grows up to 150px', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  const box = chat.messageBox(SERAPHINE.name);
  await box.click();
  for (let i = 0; i < 12; i++) {
    await box.pressSequentially(`line ${i}`);
    await box.press('Shift+Enter');
  }
  await expect(box).toHaveValue(/line 0\nline 1\n/);
  const height = await box.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(150);
  expect(height).toBeGreaterThan(100);
  await expect(chat.userMessages()).toHaveCount(0);
});

test('New Chat, then History reopens the earlier chat', async ({ page, signIn }) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await expect(chat.historyButton).toBeVisible();
  await chat.historyButton.click();
  await expect(chat.historyDrawer.getByText('No past chats yet')).toBeVisible();
  // It slides out for 300 ms before it closes: the drawer's states are recorded as they change (polling
  // could miss the 300 ms on a busy machine).
  await chat.historyDrawer.evaluate((drawer) => {
    const seen: string[] = [];
    (window as unknown as { drawerStates: string[] }).drawerStates = seen;
    new MutationObserver(() => seen.push(drawer.getAttribute('data-state') ?? '')).observe(drawer, {
      attributeFilter: ['data-state'],
    });
  });
  await chat.historyDrawer.getByRole('button', { name: 'Close Chat History' }).click();
  await expect(chat.historyDrawer).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { drawerStates: string[] }).drawerStates)).toContain(
    'closing',
  );

  const first = 'Tell me about the oath you keep, and why three lines are enough for a knight like you';
  await chat.sendAndWait(SERAPHINE.name, first, replyTo(first));
  const hist = chat.histParam();
  expect(hist).toBeTruthy();

  await chat.newChatButton.click();
  await expect(page.getByText('New Chat Started!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/chat/${SERAPHINE.id}$`));
  await expect(chat.userMessages()).toHaveCount(0);

  await chat.historyButton.click();
  const drawer = chat.historyDrawer;
  await expect(drawer).toBeVisible();
  // Layout width, not the on-screen box, which a slide-in transform may still be scaling.
  expect(await drawer.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(380);
  const item = drawer.getByRole('button').filter({ hasText: first.slice(0, 60) });
  await expect(item).toContainText(first.slice(0, 60));
  await expect(item).not.toContainText(first.slice(0, 61));
  await page.screenshot({ path: 'test-results/screens/chat-history.png' });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`\\?hist=${hist}$`));
  await expect(chat.userMessages()).toHaveText([first]);
  await expect(drawer).toBeHidden();
});

test('the 21st message of a free person opens the Daily Limit panel and is not added', async ({
  page,
  signIn,
}) => {
  await signIn();
  const session = await sessionIn(page);
  const userId = session!.user!.id;
  // 19 messages through the API (same cookies), then the 20th and 21st on screen.
  for (let i = 0; i < 19; i++) {
    const res = await page.request.post('/assistant-reply-openai', {
      data: { userId, characterId: GANONDORF.id, userInput: `Message ${i}` },
    });
    expect(res.status()).toBe(200);
  }
  const chat = new ChatPage(page);
  await chat.open(GANONDORF.id);
  await expect(page.getByText('1 message left today')).toBeVisible();
  // Ganondorf's memory is corrupted: forced off and disabled.
  await expect(page.getByText('⚠ Corrupted Memory Access')).toBeVisible();
  await expect(chat.memorySwitch).toBeDisabled();
  await expect(chat.memorySwitch).toHaveAttribute('aria-checked', 'false');

  await chat.sendAndWait(GANONDORF.name, 'Twentieth message here', replyTo('Twentieth message here'));
  await expect(page.getByText('0 messages left today')).toBeVisible();
  const before = await chat.userMessages().count();

  await chat.send(GANONDORF.name, 'One more please');
  await expect(chat.dailyLimitDialog).toBeVisible();
  await expect(
    chat.dailyLimitDialog.getByText(
      "You've reached your 20 free messages for today. Upgrade to unlimited messages and support further development of this AI companion.",
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/chat-daily-limit.png' });
  await chat.dailyLimitDialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(chat.dailyLimitDialog).toBeHidden();
  await expect(chat.userMessages()).toHaveCount(before);
  await expect(chat.userMessages().last()).toHaveText('Twentieth message here');

  await chat.send(GANONDORF.name, 'Still one more');
  await chat.dailyLimitDialog.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
});

test('a chat log of another character is ignored with a console warning', async ({ page, signIn }) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  const text = 'Only for Seraphine';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  const hist = chat.histParam()!;
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await chat.open(GANONDORF.id, hist);
  await expect(page.getByRole('heading', { name: GANONDORF.name })).toBeVisible();
  await expect.poll(() => warnings.some((w) => w.includes('another character'))).toBe(true);
  await expect(chat.userMessages()).toHaveCount(0);
});

test('the stop button ends the reply and keeps what arrived', async ({ page, signIn }) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  // The fake model echoes four words: long ones make a reply that takes about 2 s to type out.
  const text = 'Pleeeeeeeeeeeeeease telllllllllllllllllll meeeeeeeeeeeeeeeeeee everythiiiiiiiiiiiiiiiing';
  const reply = replyTo(text);
  await chat.send(SERAPHINE.name, text);
  await expect(chat.replies().last()).toHaveAttribute('aria-busy', 'true');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  // The typing ends at once with everything that had arrived (here the fake model had already finished).
  await expect(chat.replies().last()).toHaveText(reply, { timeout: 300 });
  await expect(chat.replies().last()).not.toHaveAttribute('aria-busy');
  await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden();
  await page.reload();
  await expect(chat.replies()).toHaveText([reply]);
});
