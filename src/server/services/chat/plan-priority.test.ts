import { describe, expect, it } from 'vitest';
import type { TChatModel, TReplyChunk } from '../../ai/chat-model.ts';
import type { TChatModels } from './chat-models.ts';
import { pickModelForPlan, withPlanPriority } from './plan-priority.ts';

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

const modelsOf = (model: TChatModel): TChatModels => ({
  pickModel: async () => model,
  isLocalHealthy: async () => true,
  dispose: async () => {},
});

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

describe('withPlanPriority', () => {
  it('puts Plus ahead of free in front of the local model', async () => {
    const started: string[] = [];
    const local = heldModel('llama-cpp:tiny.gguf', started);
    const models = withPlanPriority(modelsOf(local.model), {
      localConcurrency: 1,
      remoteConcurrency: 8,
      freeShare: 0.5,
    });
    const runs = [
      drain(await pickModelForPlan(models, 'local', false), 'free-a'),
      drain(await pickModelForPlan(models, 'local', false), 'free-b'),
      drain(await pickModelForPlan(models, 'local', true), 'plus'),
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
    const models = withPlanPriority(modelsOf(remote.model), {
      localConcurrency: 1,
      remoteConcurrency: 8,
      freeShare: 0.5,
      plusRemoteModel: plusModel.model,
    });
    expect((await models.pickModelForPlan('remote', true)).id).toBe('openai-compatible:large');
    expect((await models.pickModelForPlan('remote', false)).id).toBe('openai-compatible:small');
    expect((await models.pickModel('remote')).id).toBe('openai-compatible:small');

    const local = heldModel('ollama:llama3.2', started);
    const localModels = withPlanPriority(modelsOf(local.model), {
      localConcurrency: 1,
      remoteConcurrency: 8,
      freeShare: 0.5,
      plusRemoteModel: plusModel.model,
    });
    expect((await localModels.pickModelForPlan('local', true)).id).toBe('ollama:llama3.2');
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
    const models = withPlanPriority(modelsOf(model), {
      localConcurrency: 1,
      remoteConcurrency: 8,
      freeShare: 0.5,
    });
    const reply = drain(await pickModelForPlan(models, 'local', true), 'plus');
    const judge = (await models.pickModel('local')).completeJson?.({
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
