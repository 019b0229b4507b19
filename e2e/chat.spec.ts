import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { expect, sessionIn, signedInTest, test } from './support/fixtures.ts';

// Seraphine Vale is built-in character 1; Ganondorf (2) has memory disabled.
const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const GANONDORF = { id: 2, name: 'Ganondorf' };
// The fake model echoes the first four words of the message.
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

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

test('internal monologue: the thoughts show in the thought-bubble popover', async ({ page, signIn }) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await expect(page.getByText('Adds emotional depth, slightly slower response.')).toBeVisible();
  await expect(chat.monologueSwitch).toHaveAttribute('aria-checked', 'false');
  await chat.monologueSwitch.click();
  await expect(chat.monologueSwitch).toHaveAttribute('aria-checked', 'true');
  const text = 'What are you thinking';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  await page.getByRole('button', { name: 'Show internal thoughts' }).click();
  await expect(page.getByRole('dialog')).toHaveText('They said "What are you thinking". I should listen.');
  await page.screenshot({ path: 'test-results/screens/chat-thoughts.png' });
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

test("a person's own character named Thanos keeps Character Memory: the character's flag decides, not its name", async ({
  page,
  signIn,
}) => {
  await signIn();
  const avatar = [
    ...(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a3bc0' } })
      .png()
      .toBuffer()),
  ];
  const id = await page.evaluate(async (bytes) => {
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }));
    const { avatarUrl } = await (await fetch('/upload/avatar', { method: 'POST', body: form })).json();
    const res = await fetch('/api/character-personas', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Thanos',
        tagline: 'My own Thanos',
        description: 'A gardener',
        avatarUrl,
      }),
    });
    return (await res.json()).id as number;
  }, avatar);
  const chat = new ChatPage(page);
  await chat.open(id);
  await expect(page.getByRole('heading', { name: 'Thanos' })).toBeVisible();
  await expect(chat.memorySwitch).toBeEnabled();
  await expect(chat.memorySwitch).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('⚠ Corrupted Memory Access')).toHaveCount(0);
});

test('toggle row: notifications, memory tooltip, voice playback', async ({ page, signIn }) => {
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(panel.getByText('No new check-ins')).toBeVisible();
  // An outside click (on the conversation below the panel) closes it.
  await page.getByRole('log', { name: 'Conversation' }).click({ position: { x: 600, y: 20 } });
  await expect(panel).toBeHidden();

  await expect(chat.memorySwitch).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('⚠ Corrupted Memory Access')).toHaveCount(0);
  await chat.memorySwitch.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    "Character Memory helps your companion remember important moments and feelings you've shared. You can turn it off anytime.",
  );
  const away = async () => {
    await page.mouse.move(5, 700, { steps: 5 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  };
  await away();
  await page.getByRole('switch', { name: 'Character Drawer' }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Toggle Character Drawer' })).toHaveCount(1);

  await away();
  const voice = page.getByRole('button', { name: 'Disable Voice Playback' });
  await voice.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Disable Voice Playback' })).toHaveCount(1);
  await voice.click();
  await expect(page.getByRole('button', { name: 'Enable Voice Playback' })).toBeVisible();

  // The Character Drawer switch hides and shows the right-hand panel.
  await page.getByRole('switch', { name: 'Character Drawer' }).click();
  await expect(chat.newChatButton).toBeHidden();
  await page.getByRole('switch', { name: 'Character Drawer' }).click();
  await expect(chat.newChatButton).toBeVisible();
});

test('on a phone-sized screen the thought bubble opens above the message', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  // The panel starts closed where it does not fit; the Character Drawer switch opens it.
  await expect(chat.newChatButton).toBeHidden();
  await page.getByRole('switch', { name: 'Character Drawer' }).click();
  await chat.monologueSwitch.click();
  await page.getByRole('button', { name: 'Close panel' }).click();
  await expect(chat.newChatButton).toBeHidden();
  const text = 'Small screens need care';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  await page.getByRole('button', { name: 'Show internal thoughts' }).click();
  const popover = page.getByRole('dialog', { name: `${SERAPHINE.name}'s internal thoughts` });
  await expect(popover).toHaveAttribute('data-side', 'top');
  await page.screenshot({ path: 'test-results/screens/chat-mobile.png' });
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
