import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDecision, RECONCILE_SCHEMA } from '../server/memory/facts.ts';
import { JUDGE_SCHEMA, parseVerdict } from '../server/memory/judge.ts';
import { fakeJsonAnswer, fakeReply } from './fake-openai-answers.ts';
import { startFakeOpenAI, type TFakeOpenAI } from './fake-openai-server.ts';

describe('fake OpenAI server', () => {
  let server: TFakeOpenAI;

  beforeAll(async () => {
    server = await startFakeOpenAI({ model: 'fake-1' });
  });
  afterAll(() => server.close());

  const chat = (body: object) =>
    fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('derives a deterministic reply from the last user message, with thoughts only when asked', () => {
    expect(fakeReply([{ role: 'user', content: 'one two three four five six' }])).toBe(
      'one two three four… I hear you.',
    );
    expect(
      fakeReply([
        { role: 'system', content: 'Write <thoughts> first.' },
        { role: 'user', content: 'hey' },
      ]),
    ).toBe('<thoughts>They said "hey". I should listen.</thoughts>hey… I hear you.');
  });

  it('lists its model and answers unknown routes with 404', async () => {
    const models = await (await fetch(`${server.url}/models`)).json();
    expect(models).toEqual({
      object: 'list',
      data: [{ id: 'fake-1', object: 'model', created: 0, owned_by: 'fake' }],
    });
    expect((await fetch(`${server.url}/nothing`)).status).toBe(404);
  });

  it('answers without streaming', async () => {
    const response = await chat({ model: 'm', messages: [{ role: 'user', content: 'good morning' }] });
    const body = await response.json();
    expect(body.choices[0].message).toEqual({ role: 'assistant', content: 'good morning… I hear you.' });
    expect(body.usage.completion_tokens).toBe(5);
  });

  it('streams server-sent events ending with [DONE], and logs the request', async () => {
    const response = await chat({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello you' }] }],
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).trim().split('\n\n');
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('hello you… I hear you.');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1).usage.completion_tokens).toBe(5);
    expect(server.requests.at(-1)?.messages).toEqual([{ role: 'user', content: 'hello you' }]);
  });

  it('fails with HTTP 500 in fail mode', async () => {
    server.setMode('fail');
    const response = await chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    server.setMode('ok');
    expect(response.status).toBe(500);
  });

  it('serves 200 concurrent streams with a per-token delay', async () => {
    server.setTokenDelay(5);
    const started = performance.now();
    const texts = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        chat({ model: 'm', stream: true, messages: [{ role: 'user', content: `user ${i}` }] }).then((r) =>
          r.text(),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    server.setTokenDelay(0);
    expect(
      texts.every((t, i) => t.includes(`"user"`) && t.includes(` ${i}…`) && t.endsWith('data: [DONE]\n\n')),
    ).toBe(true);
    // Five tokens at 5 ms each: the streams run side by side, not one after another (200 × 25 ms = 5 s).
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('fakeJsonAnswer', () => {
  const schema = {
    properties: { remember: { type: 'boolean' }, importance: { type: 'integer', maximum: 5 } },
  };
  const judgeAsks = (said: string) => [
    { role: 'system' as const, content: 'You decide what a companion should remember.' },
    {
      role: 'user' as const,
      content: `Sent: Friday 27 November 2026, 08:30 (2026-11-27) in UTC.\nPerson (Ada Lovelace): ${said}\nCompanion: I hear you, my friend.`,
    },
  ];
  it("judges the person's line alone, named or not: a question is not kept, news about them is", () => {
    expect(JSON.parse(fakeJsonAnswer(judgeAsks('where is she going?'), schema))).toEqual({
      remember: false,
      importance: 4,
    });
    expect(JSON.parse(fakeJsonAnswer(judgeAsks('My sister Mara is moving to Lisbon'), schema))).toMatchObject(
      {
        remember: true,
      },
    );
  });

  it("answers the judge's schema with a realistic fact: third person, its kind, a dated event's day", () => {
    const verdict = (said: string) => parseVerdict(JSON.parse(fakeJsonAnswer(judgeAsks(said), JUDGE_SCHEMA)));
    expect(verdict('My dog is called Biscuit')).toEqual({
      remember: true,
      importance: 4,
      facts: [{ fact: 'Ada has a dog called Biscuit', kind: 'pet', importance: 4, happensOn: null }],
    });
    expect(verdict('I have a job interview at the bakery tomorrow')).toMatchObject({
      facts: [
        {
          fact: 'Ada has a job interview at the bakery on Saturday 28 November 2026',
          kind: 'event',
          happensOn: '2026-11-28',
        },
      ],
    });
    expect(verdict('I live in Paris with my sister Mara')).toMatchObject({
      facts: [{ fact: 'Ada lives in Paris with their sister Mara', kind: 'person' }],
    });
    expect(verdict('where is she going?')).toEqual({ remember: false });
  });

  it('answers the fact keeper: a kept fact saying the same is a repeat, anything else is added', () => {
    const kept = [
      { id: 7, fact: 'Ada has a dog called Biscuit', happensOn: null },
      { id: 9, fact: 'Ada lives in Paris', happensOn: null },
    ];
    const keeper = (fact: string) => [
      {
        role: 'user' as const,
        content: `Kept facts:\n1. ${kept[0]!.fact}\n2. ${kept[1]!.fact}\nNew fact: ${fact}`,
      },
    ];
    const decide = (fact: string) =>
      parseDecision(JSON.parse(fakeJsonAnswer(keeper(fact), RECONCILE_SCHEMA)), kept);
    expect(decide('Ada lives in Paris')).toEqual({ action: 'none', id: 9 });
    expect(decide('Ada has a cat called Miso')).toEqual({ action: 'add' });
  });
});
