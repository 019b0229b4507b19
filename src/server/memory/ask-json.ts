// One JSON question to a chat model (the judge's, the fact keeper's): its instructions, the lines it is
// shown and the schema it answers in.
import type { TChatModel } from '../ai/chat-model.ts';

/** The answer, parsed when it came as text; null when the call failed or the text is not JSON. */
export async function askJson(
  model: TChatModel,
  question: { instructions: string; lines: string[]; schema: Record<string, unknown>; maxTokens: number },
  signal?: AbortSignal,
): Promise<unknown> {
  if (!model.completeJson) return null;
  let answer: unknown;
  try {
    answer = await model.completeJson({
      messages: [
        { role: 'system', content: question.instructions },
        { role: 'user', content: question.lines.join('\n') },
      ],
      schema: question.schema,
      signal,
      maxTokens: question.maxTokens,
    });
  } catch {
    return null;
  }
  return typeof answer === 'string' ? safeJson(answer) : answer;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
