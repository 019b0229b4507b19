// Chat models for tests of structured output: every JSON request answered by a function, the requests kept.
import type { TChatModel, TCompleteJsonInput } from '../server/ai/chat-model.ts';

/** A chat model whose every JSON request is answered by `answer()` (a throw is the call failing). */
export function jsonModel(id: string, answer: () => unknown) {
  const calls: TCompleteJsonInput[] = [];
  const model: TChatModel = {
    id,
    isAvailable: async () => true,
    async *streamReply() {},
    async completeJson(input) {
      calls.push(input);
      return answer();
    },
  };
  return { model, calls };
}

/** A model giving every JSON request the same answer; an Error is thrown, as a failed call. */
export function modelAnswering(answer: unknown) {
  return jsonModel('test:answering', () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
}
