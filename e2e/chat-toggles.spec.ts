// The chat screen's switches: the toggle row (notifications, Character Memory, voice, the Character Drawer),
// Character Memory decided by the character's flag, and the Internal Monologue's thought bubble.
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { replyTo, SERAPHINE } from './support/chat-characters.ts';
import { expect, test } from './support/fixtures.ts';

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
