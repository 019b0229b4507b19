// A message in its context for recall ("what was her name again?" after turns about a sister) without
// embedding the context: the message's vector plus its person's previous turns' vectors, each made once, in
// its own turn (kept here, in this process), and embedded with the message only when not kept (another
// instance served that turn, or it was forgotten).
import { modelOfVector, normalise, type TEmbedder } from './embedder.ts';

/**
 * The weights of the previous turns' vectors beside the message's, the last turn first: the last turn alone
 * at 0.9, chosen on the dev split of the context recall set (context-recall.db.test.ts, where the numbers
 * are) among 0.5-1.25 for it and the turn before at 1, 0.5 or 0 times that (the turn before helped no
 * weight: it is as often about something else).
 */
export const CONTEXT_WEIGHTS: readonly number[] = [0.9];

/** About 2 KB a vector (512 floats): 2048 of them are 4 MB, two turns each for 1000 chats. */
const KEPT = 2048;

export type TTurnVectors = {
  get(model: string, text: string): number[] | undefined;
  set(model: string, text: string, vector: number[]): void;
};

/** The most recently used vectors of texts, by the encoder that made them and the text. */
export function createTurnVectors(size = KEPT): TTurnVectors {
  const kept = new Map<string, Float32Array>();
  const keyOf = (model: string, text: string) => `${model}\u0000${text}`;
  return {
    get(model, text) {
      const key = keyOf(model, text);
      const v = kept.get(key);
      if (!v) return undefined;
      kept.delete(key);
      kept.set(key, v);
      return Array.from(v);
    },
    set(model, text, vector) {
      const key = keyOf(model, text);
      kept.delete(key);
      kept.set(key, Float32Array.from(vector));
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
    },
  };
}

/**
 * normalise(message + w1 * previous turn + w2 * the one before): the turns, oldest first, as the person
 * said them.
 */
export function inContext(
  message: number[],
  turns: number[][],
  weights: readonly number[] = CONTEXT_WEIGHTS,
) {
  const sum = [...message];
  [...turns].reverse().forEach((turn, back) => {
    const w = weights[back] ?? 0;
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + w * (turn[i] ?? 0);
  });
  return normalise(sum);
}

/**
 * The message's own vector (the very array the encoder returned: a changing encoder names the model by it)
 * and the message in its context (the last two turns, oldest first), one encoder call: the message and any
 * turn not kept. Throws when the encoder fails.
 */
export async function embedInContext(
  embedder: TEmbedder,
  kept: TTurnVectors,
  message: string,
  turns: string[],
): Promise<{ own: number[]; context: number[] } | null> {
  const recent = turns.slice(-CONTEXT_WEIGHTS.length).filter((t) => t.trim() !== '');
  const asked = embedder.id;
  const found = recent.map((t) => kept.get(asked, t));
  const missing = recent.filter((_, i) => !found[i]);
  const vectors = await embedder.embed([message, ...missing]);
  const own = vectors[0];
  if (!own) return null;
  const model = modelOfVector(embedder, own);
  kept.set(model, message, own);
  let next = 1;
  const turnVectors: number[][] = [];
  for (const [i, text] of recent.entries()) {
    const v = found[i] ?? vectors[next++];
    // A kept vector of another model than the message's (the encoder changed meanwhile) is not mixed in.
    if (!v || (found[i] && model !== asked)) continue;
    if (!found[i]) kept.set(model, text, v);
    turnVectors.push(v);
  }
  return { own, context: turnVectors.length ? inContext(own, turnVectors) : own };
}
