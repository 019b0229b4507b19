// The detector's named cases and its arms: figures of speech and negations pass, indirect statements are
// caught, the encoder's failure leaves the phrases deciding, and MODERATION_URL's self-harm flags count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeModerationServer,
  type TFakeModeration,
} from '../../test-support/fake-moderation-server.ts';
import type { TEmbedder } from '../memory/embedder.ts';
import { createCrisisDetector } from './crisis-detector.ts';
import { createModerationClient, moderationEndpoint } from './moderation-client.ts';

const phrasesOnly = createCrisisDetector();

describe('crisis detector: phrases', () => {
  it.each([
    'this homework is killing me',
    'I could die laughing',
    "I'm not suicidal, just tired",
    'I would never hurt myself',
    'we killed the boss in the game',
    '',
  ])('"%s" is not a crisis', async (text) => {
    expect((await phrasesOnly.check(text)).isCrisis).toBe(false);
  });

  it.each([
    ["I don't want to wake up tomorrow", 'suicide'],
    ['everyone would be better off without me', 'suicide'],
    ['i want to kil myself', 'suicide'],
    ['I KEEP CUTTING MYSELF', 'self-harm'],
    ['im going to shoot up my school', 'harm-others'],
  ])('"%s" is a crisis (%s)', async (text, kind) => {
    expect(await phrasesOnly.check(text)).toEqual({ isCrisis: true, kind, by: 'phrase' });
  });
});

describe('crisis detector: encoder arm', () => {
  const near = (vector: number[]): TEmbedder => ({
    id: 'fixed',
    // Every reference statement and the message map to the same vector: similarity 1 to both sets.
    embed: async (texts) => texts.map(() => vector),
  });

  it('counts a message near the crisis statements only when it beats the look-alikes', async () => {
    const same = createCrisisDetector({ embedder: near([1, 0]) });
    // Similarity 1 to both sets: margin 0, below the floor.
    expect((await same.check('i feel so hopeless about everything')).isCrisis).toBe(false);
    let call = 0;
    const split: TEmbedder = {
      id: 'split',
      // The second call embeds the look-alike statements: orthogonal to the message.
      embed: async (texts) => {
        const vector = call++ === 1 ? [0, 1] : [1, 0];
        return texts.map(() => vector);
      },
    };
    const detector = createCrisisDetector({ embedder: split });
    expect(await detector.check('i feel so hopeless about everything')).toEqual({
      isCrisis: true,
      kind: 'suicide',
      by: 'encoder',
    });
  });

  it('leaves the phrases deciding when the encoder fails', async () => {
    const broken: TEmbedder = { id: 'broken', embed: async () => Promise.reject(new Error('down')) };
    const detector = createCrisisDetector({ embedder: broken });
    expect((await detector.check('i want to die')).isCrisis).toBe(true);
    expect((await detector.check('i feel so hopeless about everything')).isCrisis).toBe(false);
  });
});

describe('crisis detector: MODERATION_URL', () => {
  let fake: TFakeModeration;
  beforeAll(async () => {
    fake = await startFakeModerationServer({ flagged: ['the quiet way out'] });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('accepts the endpoint, its /v1 base or the server', () => {
    expect(moderationEndpoint('http://x/v1/moderations')).toBe('http://x/v1/moderations');
    expect(moderationEndpoint('http://x/v1/')).toBe('http://x/v1/moderations');
    expect(moderationEndpoint('http://x')).toBe('http://x/v1/moderations');
  });

  it("counts the provider's self-harm categories", async () => {
    const detector = createCrisisDetector({
      moderation: createModerationClient({ url: fake.url, apiKey: 'key-1' }),
    });
    expect(await detector.check('thinking about the quiet way out')).toEqual({
      isCrisis: true,
      kind: 'self-harm',
      by: 'moderation',
    });
    expect((await detector.check('what a lovely day')).isCrisis).toBe(false);
    expect(fake.requests.at(-1)).toMatchObject({ input: 'what a lovely day', authorization: 'Bearer key-1' });
  });

  it('ignores a failing provider', async () => {
    fake.setMode('fail');
    const detector = createCrisisDetector({ moderation: createModerationClient({ url: fake.url }) });
    expect((await detector.check('thinking about the quiet way out')).isCrisis).toBe(false);
    expect((await detector.check('i want to die')).isCrisis).toBe(true);
    fake.setMode('ok');
  });
});
