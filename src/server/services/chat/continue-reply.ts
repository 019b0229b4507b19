// Continue: the character goes on from where its latest reply stopped; the new words are appended to that
// reply. Streams and counts like any reply (same pipeline).
import { CONTEXT_MESSAGES } from '../../ai/prompt.ts';
import { appendToMessage, contextBefore, findOwnMessage } from '../../db/queries/message-controls.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { reserveDailySlot } from './daily-limit.ts';
import type { TReplyAgainInput } from './regenerate-reply.ts';
import { startReply, type TReplyRun, type TSendMessageDeps } from './send-message.ts';

/** What goes between the reply and its continuation: nothing before punctuation or after a space. */
export function joinerOf(before: string, addition: string): string {
  if (before === '' || /\s$/.test(before) || /^[\s.,!?;:…)\]'"’”-]/.test(addition)) return '';
  return ' ';
}

export async function startContinue(deps: TSendMessageDeps, input: TReplyAgainInput): Promise<TReplyRun> {
  const { db } = deps;
  const key = { userId: input.user.id, uuid: input.uuid, position: input.position };
  const message = await findOwnMessage(db, key);
  if (!message) throw notFound('Message');
  if (message.position !== message.messageCount - 1) {
    throw new AppError('conflict', 'Only the latest reply can be continued');
  }
  if (message.role !== 'assistant' || message.content.trim() === '') {
    throw new AppError('conflict', 'Only a reply of the character can be continued');
  }
  const history = await contextBefore(db, { ...key, before: input.position + 1, limit: CONTEXT_MESSAGES });
  const answered = history.findLast((m) => m.role === 'user');

  return startReply(deps, {
    user: input.user,
    kind: input.kind,
    characterId: message.characterId,
    userInput: answered?.content ?? message.content,
    hist: input.uuid,
    memoryEnabled: input.memoryEnabled,
    chainOfThoughtEnabled: input.chainOfThoughtEnabled,
    signal: input.signal,
    mode: {
      continueLast: true,
      prepare: async (plan) => ({ uuid: input.uuid, slot: await reserveDailySlot(db, plan), history }),
      store: async (reply) => {
        const addition = joinerOf(message.content, reply.content) + reply.content;
        if (!(await appendToMessage(db, key, addition))) {
          throw new AppError('conflict', 'The chat changed while the reply was written');
        }
      },
    },
  });
}
