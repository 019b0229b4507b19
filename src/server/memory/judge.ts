// The memory judge: asks the chat model (for a small JSON object) whether an exchange holds something to keep.
import { z } from 'zod';
import type { TChatModel } from '../ai/chat-model.ts';
import { isQuestionAboutNothingPersonal, isTrivialMessage } from './trivial.ts';

/** What the judge answers; its JSON Schema (below) is derived from it, so the two never drift apart. */
const ZVerdict = z.object({
  remember: z.boolean(),
  importance: z.coerce.number().int().min(1).max(5),
});

/** The JSON Schema the model's answer must follow (json_schema, or a llama.cpp grammar). */
export const JUDGE_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _draft, ...schema } = z.toJSONSchema(ZVerdict);
  return schema;
})();

export type TVerdict = { remember: false } | { remember: true; importance: number };

const INSTRUCTIONS = [
  'You decide what a companion should remember about the person they chat with.',
  'Remember the message when it tells something about the person that matters later: facts about their life,',
  'people, pets, plans, upcoming events, feelings, likes and dislikes, goals or worries.',
  'Do not remember greetings, small talk, thanks, questions to the companion, or role-play chatter.',
  'Importance: 1 trivia, 3 useful, 5 life-changing or something to follow up on (an exam, an interview).',
  'Answer only with JSON: {"remember": true|false, "importance": 1-5}.',
].join(' ');

/**
 * Null when the model has no JSON mode or its answer is unusable: then nothing is stored.
 * Trivial messages and questions that say nothing about the person never reach the model.
 */
export async function judgeExchange(
  model: TChatModel,
  exchange: { message: string; reply: string },
  signal?: AbortSignal,
): Promise<TVerdict | null> {
  if (isTrivialMessage(exchange.message) || isQuestionAboutNothingPersonal(exchange.message)) {
    return { remember: false };
  }
  if (!model.completeJson) return null;
  let answer: unknown;
  try {
    answer = await model.completeJson({
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        {
          role: 'user',
          content: `Person: ${exchange.message.slice(0, 2000)}\nCompanion: ${exchange.reply.slice(0, 1000)}`,
        },
      ],
      schema: JUDGE_SCHEMA,
      signal,
      maxTokens: 60,
    });
  } catch {
    return null;
  }
  const parsed = ZVerdict.safeParse(typeof answer === 'string' ? safeJson(answer) : answer);
  if (!parsed.success) return null;
  return parsed.data.remember ? { remember: true, importance: parsed.data.importance } : { remember: false };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The judge's 1..5 as the stored 0..1. */
export const toImportance = (score: number) => Math.min(1, Math.max(0, (score - 1) / 4));
