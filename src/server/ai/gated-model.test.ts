// The remote model's gate against a real HTTP provider that has a capacity: below it nothing waits; past
// it the provider answers 429 (or holds requests, so first tokens come late), the limit backs off, and
// Plus replies that came later start before the free ones still waiting.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { until as waitFor } from '../../test-support/until.ts';
import { planTable, type TPlanName } from '../billing/plans.ts';
import type { TChatModel } from './chat-model.ts';
import { createModelSet, REMOTE_LIMIT_CEILING, type TModelSet } from './model-set.ts';
import { createOpenAICompatibleModel } from './providers/openai-compatible.ts';

let fake: TFakeOpenAI;
let remote: TChatModel;

beforeAll(async () => {
  fake = await startFakeOpenAI({ tokenDelayMs: 10, replyTokens: 12, logRequests: false });
  remote = createOpenAICompatibleModel({ baseURL: fake.url, model: 'fake-model' });
});
afterAll(() => fake.close());
beforeEach(() => fake.setCapacity(null));

function modelSet(remoteConcurrency?: number): TModelSet {
  return createModelSet(
    async () => ({
      pickModel: async () => remote,
      hasModel: async () => true,
      remote,
      dispose: async () => {},
    }),
    {
      localConcurrency: 1,
      remoteConcurrency,
      plans: planTable({
        FREE_DAILY_MESSAGES: 20,
        FREE_CONCURRENCY_SHARE: 0.75,
        PLUS_OPENAI_MODEL: undefined,
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: undefined,
      }),
    },
  );
}

type TResult = { who: string; firstTokenAt: number; text: string };

async function reply(models: TModelSet, plan: TPlanName, who: string, t0: number): Promise<TResult> {
  const model = await models.forPlan('remote', plan);
  let firstTokenAt = Number.NaN;
  let text = '';
  for await (const chunk of model.streamReply({
    messages: [{ role: 'user', content: who }],
    withThoughts: false,
  })) {
    if (Number.isNaN(firstTokenAt)) firstTokenAt = performance.now() - t0;
    text += chunk.text;
  }
  return { who, firstTokenAt, text };
}

const until = (condition: () => boolean) => waitFor(condition, { timeoutMs: 10_000, everyMs: 5 });

describe('the remote gate learns the provider’s room', () => {
  it('below saturation nothing waits: 40 free and 4 Plus replies all go to the provider at once', async () => {
    fake.setCapacity(64, 'refuse');
    const models = modelSet();
    const t0 = performance.now();
    const runs = [
      ...Array.from({ length: 40 }, (_, i) => reply(models, 'free', `free ${i}`, t0)),
      ...Array.from({ length: 4 }, (_, i) => reply(models, 'plus', `plus ${i}`, t0)),
    ];
    await until(() => models.gates.remote.stats().running === 44);
    expect(models.gates.remote.stats()).toMatchObject({ waitingFree: 0, waitingPlus: 0 });
    const results = await Promise.all(runs);
    expect(results.every((r) => r.text.startsWith(r.who))).toBe(true);
    expect(fake.streamStats().refused).toBe(0);
    expect(models.limits.remote.current()).toBe(REMOTE_LIMIT_CEILING);
  });

  it('past saturation (429) the limit backs off, every reply still arrives, and Plus goes ahead of waiting free', async () => {
    fake.setCapacity(4, 'refuse');
    const refusedBefore = fake.streamStats().refused;
    const models = modelSet();
    const t0 = performance.now();
    const free = Array.from({ length: 24 }, (_, i) => reply(models, 'free', `free ${i}`, t0));
    // Once the provider has pushed back, free replies wait at the gate; then Plus arrives.
    await until(() => models.gates.remote.stats().waitingFree >= 8);
    expect(models.limits.remote.current()).toBeLessThan(24);
    const plusAt = performance.now() - t0;
    const plus = Array.from({ length: 3 }, (_, i) => reply(models, 'plus', `plus ${i}`, t0));
    const [freeResults, plusResults] = await Promise.all([Promise.all(free), Promise.all(plus)]);
    for (const r of [...freeResults, ...plusResults]) expect(r.text.startsWith(r.who)).toBe(true);
    expect(fake.streamStats().refused).toBeGreaterThan(refusedBefore);
    // The free replies still waiting when Plus came mostly got their first word after the Plus ones.
    const freeAfterPlusCame = freeResults
      .map((r) => r.firstTokenAt)
      .filter((at) => at > plusAt)
      .sort((a, b) => a - b);
    expect(freeAfterPlusCame.length).toBeGreaterThanOrEqual(6);
    const median = freeAfterPlusCame[Math.floor(freeAfterPlusCame.length / 2)]!;
    for (const r of plusResults) expect(r.firstTokenAt).toBeLessThan(median);
  });

  it('a provider that slows down (first tokens late) makes the limit back off without any 429', async () => {
    fake.setCapacity(4, 'queue');
    fake.setTokenDelay(30); // 12 tokens: each reply holds a provider slot ~0.4 s, the tenth in line waits ~3.5 s
    const refusedBefore = fake.streamStats().refused;
    const models = modelSet();
    const t0 = performance.now();
    await reply(models, 'free', 'warm up', t0); // the baseline: an idle provider's first token
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => reply(models, 'free', `free ${i}`, t0)),
    );
    expect(results).toHaveLength(40);
    expect(fake.streamStats().refused).toBe(refusedBefore);
    fake.setTokenDelay(10);
    expect(models.limits.remote.current()).toBeLessThan(REMOTE_LIMIT_CEILING);
  });

  it('an operator-set limit still holds: never more than it at the provider', async () => {
    const models = modelSet(6);
    const t0 = performance.now();
    const runs = Array.from({ length: 20 }, (_, i) => reply(models, 'free', `free ${i}`, t0));
    await until(() => models.gates.remote.stats().running > 0);
    // Free replies hold at most their share (0.75 of 6) of the operator's six.
    expect(models.gates.remote.stats()).toMatchObject({ running: 4, waitingFree: 16 });
    await Promise.all(runs);
    expect(models.limits.remote.current()).toBe(6);
  });
});
