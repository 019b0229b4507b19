import { describe, expect, it } from 'vitest';
import type { TChatModel, TCompleteJsonInput } from '../ai/chat-model.ts';
import { JUDGE_SCHEMA, judgeExchange } from './judge.ts';

function modelAnswering(answer: unknown | Error) {
  const calls: TCompleteJsonInput[] = [];
  const model: TChatModel = {
    id: 'test:judge',
    isAvailable: async () => true,
    async *streamReply() {},
    async completeJson(input) {
      calls.push(input);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { model, calls };
}

const exchange = { message: 'My interview at the bakery is on Friday', reply: 'Good luck!' };

describe('judgeExchange', () => {
  it('asks the model for the JSON object and keeps what it says', async () => {
    const { model, calls } = modelAnswering({ remember: true, importance: 5 });
    expect(await judgeExchange(model, exchange)).toEqual({ remember: true, importance: 5 });
    expect(calls[0]?.schema).toMatchObject({ required: ['remember', 'importance'] });
    expect(calls[0]?.messages.at(-1)?.content).toContain('bakery');
    expect(await judgeExchange(modelAnswering({ remember: false, importance: 1 }).model, exchange)).toEqual({
      remember: false,
    });
  });
  it('never calls the model for a trivial message', async () => {
    const { model, calls } = modelAnswering({ remember: true, importance: 5 });
    expect(await judgeExchange(model, { message: 'lol thanks', reply: 'Any time.' })).toEqual({
      remember: false,
    });
    expect(calls).toHaveLength(0);
  });
  it('an unusable answer (wrong shape, text, error, no JSON mode) gives null: nothing is stored', async () => {
    for (const answer of [{ remember: 'yes' }, 'not json', { importance: 3 }, null, new Error('boom')]) {
      expect(await judgeExchange(modelAnswering(answer).model, exchange)).toBeNull();
    }
    const { model } = modelAnswering({});
    const { completeJson: _drop, ...withoutJson } = model;
    expect(await judgeExchange(withoutJson, exchange)).toBeNull();
  });
});

describe('JUDGE_SCHEMA', () => {
  it('is the JSON Schema of the verdict the judge parses: two required fields, importance 1 to 5, nothing else', () => {
    expect(JUDGE_SCHEMA).toEqual({
      type: 'object',
      properties: {
        remember: { type: 'boolean' },
        importance: { type: 'integer', minimum: 1, maximum: 5 },
      },
      required: ['remember', 'importance'],
      additionalProperties: false,
    });
  });
});
