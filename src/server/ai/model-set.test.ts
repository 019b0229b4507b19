import { describe, expect, it } from 'vitest';
import { planTable } from '../billing/plans.ts';
import type { TChatModel, TReplyChunk } from './chat-model.ts';
import { createModelSet, type TModelSetOptions } from './model-set.ts';

/** A model whose replies wait until `finish` is called, recording the order they started in. */
function heldModel(id: string, started: string[]) {
  const finishers: (() => void)[] = [];
  const model: TChatModel = {
    id,
    isAvailable: async () => true,
    async *streamReply(input): AsyncGenerator<TReplyChunk> {
      const who = input.messages.at(-1)!.content;
      started.push(`${id}:${who}`);
      await new Promise<void>((resolve) => finishers.push(resolve));
      yield { type: 'text', text: `reply to ${who}` };
    },
  };
  return {
    model,
    finishAll: () => {
      for (const finish of finishers.splice(0)) finish();
    },
  };
}

const selectionOf = (model: TChatModel) => async () => ({
  pickModel: async () => model,
  hasModel: async () => true,
  remote: null,
  dispose: async () => {},
});

/** The plan table as configured with a free share of the remote slots and, maybe, a Plus model. */
function options(plusModel?: TChatModel): TModelSetOptions {
  return {
    localConcurrency: 1,
    remoteConcurrency: 8,
    plans: planTable({
      FREE_DAILY_MESSAGES: 20,
      FREE_CONCURRENCY_SHARE: 0.5,
      PLUS_OPENAI_MODEL: plusModel ? 'large' : undefined,
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
      OPENAI_API_KEY: undefined,
    }),
    remoteModelNamed: () => plusModel!,
  };
}

async function drain(model: TChatModel, who: string) {
  let text = '';
  for await (const c of model.streamReply({
    messages: [{ role: 'user', content: who }],
    withThoughts: false,
  })) {
    text += c.text;
  }
  return text;
}

describe('the plan-aware model set', () => {
  it('puts Plus ahead of free in front of the local model', async () => {
    const started: string[] = [];
    const local = heldModel('llama-cpp:tiny.gguf', started);
    const models = createModelSet(selectionOf(local.model), options());
    const runs = [
      drain(await models.forPlan('local', 'free'), 'free-a'),
      drain(await models.forPlan('local', 'free'), 'free-b'),
      drain(await models.forPlan('local', 'plus'), 'plus'),
    ];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 5));
      local.finishAll();
    }
    expect(await Promise.all(runs)).toEqual(['reply to free-a', 'reply to free-b', 'reply to plus']);
    expect(started).toEqual([
      'llama-cpp:tiny.gguf:free-a',
      'llama-cpp:tiny.gguf:plus',
      'llama-cpp:tiny.gguf:free-b',
    ]);
  });

  it('answers Plus with the Plus model on the remote path only', async () => {
    const started: string[] = [];
    const remote = heldModel('openai-compatible:small', started);
    const plusModel = heldModel('openai-compatible:large', started);
    const models = createModelSet(selectionOf(remote.model), options(plusModel.model));
    expect((await models.forPlan('remote', 'plus')).id).toBe('openai-compatible:large');
    expect((await models.forPlan('remote', 'free')).id).toBe('openai-compatible:small');
    expect((await models.forBackground('remote')).id).toBe('openai-compatible:small');

    const local = heldModel('ollama:llama3.2', started);
    const localModels = createModelSet(selectionOf(local.model), options(plusModel.model));
    expect((await localModels.forPlan('local', 'plus')).id).toBe('ollama:llama3.2');
  });

  it('keeps the structured answers (the memory judge), waiting behind every reply', async () => {
    const started: string[] = [];
    const local = heldModel('llama-cpp:tiny.gguf', started);
    const judged: string[] = [];
    const model: TChatModel = {
      ...local.model,
      completeJson: async (input) => {
        judged.push(String(input.messages.at(-1)?.content));
        return { remember: true, importance: 0.5 };
      },
    };
    const models = createModelSet(selectionOf(model), options());
    const reply = drain(await models.forPlan('local', 'plus'), 'plus');
    const judge = (await models.forBackground('local')).completeJson?.({
      messages: [{ role: 'user', content: 'judge this' }],
      schema: { type: 'object' },
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(judged).toEqual([]); // the slot is the reply's
    local.finishAll();
    await reply;
    expect(await judge).toEqual({ remember: true, importance: 0.5 });
    expect(judged).toEqual(['judge this']);
  });
});
