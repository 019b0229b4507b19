// A chat model behind a plan gate: each call waits for its slot (the first plan ahead). On a remote model
// it also tells the adaptive limit how the provider answers (time to first token, 429/503), and a reply
// the provider refuses before its first token waits for a slot again, where Plus is ahead.
import type { AdaptiveLimit } from './adaptive-limit.ts';
import type { TChatModel } from './chat-model.ts';
import type { PlanGate } from './plan-gate.ts';
import { ModelHttpError } from './providers/openai-stream.ts';

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
    async *streamReply(input) {
      for (let attempt = 0; ; attempt++) {
        const release = await gate.acquire(isFirst, input.signal);
        if (!release) return; // stopped while waiting: nothing was generated
        const started = performance.now();
        const ticket = limit?.ticket();
        let hasStarted = false;
        try {
          for await (const chunk of model.streamReply(input)) {
            if (!hasStarted) {
              hasStarted = true;
              if (limit && ticket) {
                observe(limit.onFirstToken(ticket, performance.now() - started, gate.stats().running));
              }
            }
            yield chunk;
          }
          return;
        } catch (error) {
          if (!limit || !ticket || hasStarted || !isPushback(error)) throw error;
          observe(limit.onRateLimited(ticket, gate.stats().running));
          if (attempt >= REQUEUES_ON_PUSHBACK || input.signal?.aborted) throw error;
        } finally {
          release();
        }
      }
    },
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
