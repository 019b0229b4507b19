import type { Page } from '@playwright/test';
import { estimatePitchHz } from '../src/test-support/pitch.ts';
import { ChatPage } from './pages/chat.ts';
import { CreateCharacterPage } from './pages/create-character.ts';
import { LoginPage } from './pages/login.ts';
import { audioTimeline, playedAudio, playingAudio, trackAudio } from './pages/voice.ts';
import { expect, newPerson, test } from './support/fixtures.ts';

// A service worker that controls the page takes its requests past page.route (Playwright's documented
// limit): this file fakes answers with page.route, so it runs without one (installable.spec covers it).
test.use({ serviceWorkers: 'block' });

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;
/** The character's replies (a new chat also opens with its greeting, which has a play button of its own). */
const replyRows = (page: Page) =>
  page.locator('[data-message="assistant"]').filter({ has: page.locator('[data-role="assistant"]') });

test('voice on: the reply speaks as it streams, play/stop toggles, one clip at a time', async ({
  page,
  signIn,
}) => {
  await trackAudio(page);
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await expect(page.getByRole('button', { name: 'Disable Voice Playback' })).toBeVisible();

  const first = 'Tell me about the northern road tonight';
  await chat.sendAndWait(SERAPHINE.name, first, replyTo(first));
  // The reply's first sentence is playing (the audio element reports it), a streamed part of the reply.
  await expect.poll(() => playingAudio(page), { timeout: 15_000 }).toHaveLength(1);
  expect((await playingAudio(page))[0]).toMatch(/^\/media\/audio\/[A-Za-z0-9]+\.mp3$/);
  const replyStop = page.getByRole('button', { name: 'Stop audio' });
  await expect(replyStop).toHaveCount(1);
  // Both sentences played back to back, never two at once.
  await expect.poll(async () => (await playedAudio(page)).length, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => playingAudio(page), { timeout: 15_000 }).toHaveLength(0);
  await expect(replyRows(page).getByRole('button', { name: 'Play audio' })).toHaveCount(1);
  // Back to back: the second sentence starts after the first ended (no overlap), without a gap.
  const [one, two] = await playedAudio(page);
  const timeline = await audioTimeline(page);
  const at = (src: string, type: string) => timeline.find((e) => e.src === src && e.type === type)!.at;
  const gap = at(two!, 'playing') - at(one!, 'ended');
  test.info().annotations.push({ type: 'gap between sentences (ms)', description: gap.toFixed(0) });
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(250);

  // The stored message keeps one URL for the whole reply: play/stop toggles it.
  const playButtons = replyRows(page).getByRole('button', { name: /^(Play|Stop) audio$/ });
  await playButtons.first().click();
  await expect.poll(() => playingAudio(page)).toHaveLength(1);
  const whole = (await playingAudio(page))[0]!;
  await page.getByRole('button', { name: 'Stop audio' }).click();
  await expect.poll(() => playingAudio(page)).toHaveLength(0);
  await expect(playButtons.first()).toHaveAccessibleName('Play audio');

  // A new send stops the audio; the second reply speaks.
  await playButtons.first().click();
  await expect.poll(() => playingAudio(page)).toEqual([whole]);
  const second = 'What do you carry in your saddlebags';
  await chat.send(SERAPHINE.name, second);
  await expect.poll(async () => (await playingAudio(page)).includes(whole)).toBe(false);
  await expect(chat.replies().last()).toHaveText(replyTo(second));
  await expect(chat.messageBox(SERAPHINE.name)).toBeEnabled();
  await expect.poll(() => playingAudio(page), { timeout: 15_000 }).toHaveLength(0);

  // A second clip stops the first.
  await playButtons.nth(0).click();
  await expect.poll(() => playingAudio(page)).toEqual([whole]);
  await playButtons.nth(1).click();
  await expect.poll(async () => (await playingAudio(page)).length).toBe(1);
  expect(await playingAudio(page)).not.toContain(whole);
  await page.screenshot({ path: 'test-results/screens/voice-chat.png' });

  // Changing character stops it.
  await playButtons.first().click();
  await expect.poll(() => playingAudio(page)).toEqual([whole]);
  await page.getByRole('link', { name: 'Ganondorf' }).first().click();
  await expect(page.getByRole('heading', { name: 'Ganondorf' })).toBeVisible();
  await expect.poll(() => playingAudio(page)).toHaveLength(0);

  // Leaving the screen stops it.
  await page.goBack();
  await expect(playButtons.first()).toBeVisible();
  await playButtons.first().click();
  await expect.poll(() => playingAudio(page)).toHaveLength(1);
  await page.getByRole('link', { name: 'Kindred' }).click();
  await expect.poll(() => playingAudio(page)).toHaveLength(0);
});

test('voice off: no reply audio; an old message is spoken on demand with the same button', async ({
  page,
  signIn,
}) => {
  await trackAudio(page);
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await page.getByRole('button', { name: 'Disable Voice Playback' }).click();
  const text = 'Quietly now, the camp is asleep';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  expect(await playedAudio(page)).toEqual([]);

  // Opened again later, the stored reply has no audio yet: the play button speaks it.
  await page.reload();
  await expect(chat.replies()).toHaveText([replyTo(text)]);
  const speak = page.waitForResponse((r) => r.url().endsWith('/api/voice/speak'));
  await replyRows(page).getByRole('button', { name: 'Play audio' }).click();
  expect((await speak).status()).toBe(200);
  await expect.poll(() => playingAudio(page)).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Stop audio' })).toBeVisible();

  // The speech is kept with the stored message: reopened, the message has it.
  const hist = chat.histParam();
  const log = await page.evaluate(async (uuid) => (await fetch(`/api/chatlogs/${uuid}`)).json(), hist);
  const reply = log.conversation.findLast((m: { role: string }) => m.role === 'assistant');
  expect(reply.audioUrl).toMatch(/^\/media\/audio\/.+\.mp3$/);
});

test("create page: the preview goes 'Generating Voice' → '⏹️ Stop Voice' with real audio, using the controls", async ({
  page,
  signIn,
}) => {
  await trackAudio(page);
  await signIn();
  const create = new CreateCharacterPage(page);
  await page.goto('/character/create/new');
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await create.previewButton.click();
  await expect.poll(() => logs).toContain('Text and voice description are required');

  await create.sampleText.fill('Hello there, traveller. Sit by the fire.');
  await create.voiceDescription.fill('a deep, slow, gravelly old man');
  // The controls follow the description: a low male voice, lower and slower.
  const picker = page.getByLabel('Voice picker');
  await expect(picker.locator('option').first()).toHaveText(/From the description \(kal16/);
  const pitch = page.getByRole('slider', { name: 'Pitch' });
  await expect.poll(async () => Number(await pitch.inputValue())).toBeLessThan(-3);
  await picker.selectOption('awb');
  await expect(create.voice).toHaveValue('awb');
  await pitch.fill('-2');

  // Hold the real call a moment so the busy state can be seen.
  await page.route('**/api/voice/create', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  const response = page.waitForResponse((r) => r.url().endsWith('/api/voice/create'));
  await create.previewButton.click();
  await expect(page.getByRole('button', { name: 'Generating Voice' })).toBeDisabled();
  const res = await response;
  expect(res.headers()['content-type']).toBe('audio/mpeg');
  expect(res.request().postDataJSON()).toMatchObject({
    text: 'Hello there, traveller. Sit by the fire.',
    voice_description: 'a deep, slow, gravelly old man',
    settings: { voice: 'awb', pitch: -2 },
  });
  const stop = page.getByRole('button', { name: '⏹️ Stop Voice' });
  await expect(stop).toBeVisible();
  await expect.poll(() => playingAudio(page)).toHaveLength(1);
  await page.screenshot({ path: 'test-results/screens/voice-create.png', fullPage: true });
  await stop.click();
  await expect(page.getByRole('button', { name: '🔊 Preview Voice' })).toBeEnabled();
  await expect.poll(() => playingAudio(page)).toHaveLength(0);
});

test('the microphone button appears only where speech recognition exists, and dictates', async ({
  page,
  signIn,
  browser,
}) => {
  // This browser without recognition: no button.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  await expect(chat.messageBox(SERAPHINE.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speak your message' })).toHaveCount(0);

  // A browser with recognition (one that hears a fixed sentence): the button dictates into the box.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await context.newPage();
  await other.addInitScript(() => {
    class FakeRecognition {
      lang = '';
      interimResults = false;
      continuous = false;
      onresult: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      start() {
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript: 'hello from the microphone' }]] });
          this.onend?.();
        }, 200);
      }
      stop() {
        this.onend?.();
      }
    }
    const w = window as unknown as Record<string, unknown>;
    w.SpeechRecognition = FakeRecognition;
    w.webkitSpeechRecognition = FakeRecognition;
  });
  await new LoginPage(other).signIn(newPerson());
  const otherChat = new ChatPage(other);
  await otherChat.open(SERAPHINE.id);
  const mic = other.getByRole('button', { name: 'Speak your message' });
  await expect(mic).toBeVisible();
  await mic.click();
  await expect(otherChat.messageBox(SERAPHINE.name)).toHaveValue('hello from the microphone');
  await context.close();
});

test("the MP3 the server sends decodes in the browser, and 'deep male' is measurably lower than 'high female'", async ({
  page,
  signIn,
}) => {
  await signIn();
  const sentence = 'The quick brown fox jumps over the lazy dog, and then it rests by the river for a while.';
  const decode = (voiceDescription: string) =>
    page.evaluate(
      async ({ text, voice_description }) => {
        const res = await fetch('/api/voice/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text, voice_description }),
        });
        // Chromium's own decoder, at the rate flite speaks (16 kHz).
        const context = new OfflineAudioContext(1, 16000, 16000);
        const audio = await context.decodeAudioData(await res.arrayBuffer());
        return { duration: audio.duration, samples: Array.from(audio.getChannelData(0)) };
      },
      { text: sentence, voice_description: voiceDescription },
    );
  const deep = await decode('deep male');
  const high = await decode('high female');
  for (const audio of [deep, high]) {
    expect(audio.duration).toBeGreaterThan(4);
    expect(audio.duration).toBeLessThan(8);
  }
  const f0Deep = estimatePitchHz(Float32Array.from(deep.samples), 16000);
  const f0High = estimatePitchHz(Float32Array.from(high.samples), 16000);
  test.info().annotations.push({
    type: 'f0 (Hz)',
    description: `deep male ${f0Deep.toFixed(0)}, high female ${f0High.toFixed(0)}`,
  });
  expect(f0Deep).toBeGreaterThan(50);
  expect(f0Deep).toBeLessThan(110);
  expect(f0High).toBeGreaterThan(180);
});
