// A chat model behind a plan gate: each call waits for its slot (the first plan ahead). On a remote model
// it also tells the adaptive limit how the provider answers (time to first token, 429/503), and a reply
// the provider refuses before its first token waits for a slot again, where Plus is ahead.
import { asAsyncGenerator } from '../lib/async-generator.ts';
import type { AdaptiveLimit } from './adaptive-limit.ts';
import type { TChatModel, TReplyChunk } from './chat-model.ts';
import type { PlanGate } from './plan-gate.ts';
import { ModelHttpError } from './providers/model-request.ts';

/** How many times a reply the provider refused goes back in the queue before the refusal stands. */
export const REQUEUES_ON_PUSHBACK = 5;

const isPushback = (error: unknown) =>
  error instanceof ModelHttpError && (error.statusCode === 429 || error.statusCode === 503);

/**
 * @param isFirst the caller's plan goes ahead of the others
 * @param limit the remote model's adaptive limit (the gate's size); null for a model with fixed slots
 */
export function gateModel(
  model: TChatModel,
  gate: PlanGate,
  isFirst: boolean,
  limit: AdaptiveLimit | null,
): TChatModel {
  const observe = (changed: boolean) => {
    if (changed) gate.refresh();
  };
  const result: TChatModel = {
    id: model.id,
    isAvailable: () => model.isAvailable(),
    streamReply: (input) => gatedStream(model, input, gate, isFirst, limit, observe),
  };
  const completeJson = model.completeJson?.bind(model);
  if (completeJson) {
    // Structured answers (the memory judge) are background work: they wait behind every reply.
    result.completeJson = async (input) => {
      const release = await gate.acquire(false, input.signal);
      if (!release) throw new DOMException('Stopped while waiting for the model', 'AbortError');
      const ticket = limit?.ticket();
      try {
        return await completeJson(input);
      } catch (error) {
        if (limit && ticket && isPushback(error)) observe(limit.onRateLimited(ticket, gate.stats().running));
        throw error;
      } finally {
        release();
      }
    };
  }
  return result;
}

/**
 * A reply through the gate: waits for a slot, and until the first chunk a provider's pushback (429/503)
 * gives the slot back and queues again (the limit learns of it); the first chunk tells the limit the time
 * it took. From then on each next() is the model's own, passed through: a generator in between would cost
 * every chunk its own promises and turns (bench/reply-pipeline.ts). The slot is given back once, when the
 * model's stream ends, fails, or is closed early.
 */
function gatedStream(
  model: TChatModel,
  input: Parameters<TChatModel['streamReply']>[0],
  gate: PlanGate,
  isFirst: boolean,
  limit: AdaptiveLimit | null,
  observe: (changed: boolean) => void,
): AsyncGenerator<TReplyChunk> {
  let inner: AsyncGenerator<TReplyChunk> | null = null;
  let release: (() => void) | null = null;
  let isOver = false;
  const finish = () => {
    isOver = true;
    inner = null;
    const r = release;
    release = null;
    r?.();
  };
  const over = (): IteratorResult<TReplyChunk> => ({ done: true, value: undefined });
  const passed = (result: IteratorResult<TReplyChunk>) => {
    if (result.done) finish();
    return result;
  };
  const failed = (error: unknown): never => {
    finish();
    throw error;
  };
  const first = async (): Promise<IteratorResult<TReplyChunk>> => {
    for (let attempt = 0; ; attempt++) {
      const slot = await gate.acquire(isFirst, input.signal);
      if (!slot) {
        finish();
        return over(); // stopped while waiting: nothing was generated
      }
      release = slot;
      const started = performance.now();
      const ticket = limit?.ticket();
      const stream = model.streamReply(input);
      inner = stream;
      try {
        const result = await stream.next();
        if (result.done) {
          finish();
          return result;
        }
        if (limit && ticket)
          observe(limit.onFirstToken(ticket, performance.now() - started, gate.stats().running));
        return result;
      } catch (error) {
        finish();
        if (!limit || !ticket || !isPushback(error)) throw error;
        observe(limit.onRateLimited(ticket, gate.stats().running));
        if (attempt >= REQUEUES_ON_PUSHBACK || input.signal?.aborted) throw error;
        isOver = false;
      }
    }
  };
  return asAsyncGenerator<TReplyChunk>({
    next() {
      if (isOver) return Promise.resolve(over());
      if (!inner) return first();
      return inner.next().then(passed, failed);
    },
    // As a generator closed at a yield: the model's stream is closed first, then the slot given back.
    async return(value) {
      try {
        await inner?.return(undefined);
      } finally {
        finish();
      }
      return { done: true, value };
    },
  });
}
