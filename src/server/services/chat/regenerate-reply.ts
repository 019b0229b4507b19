// Regenerate: the character answers its latest reply's message again; the new reply becomes the chosen
// alternative and the earlier ones are kept. Streams and counts like any reply (same pipeline).
import { ALTERNATIVES_MAX } from '../../../shared/controls.ts';
import { CONTEXT_MESSAGES } from '../../ai/prompt.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { addAlternative, contextBefore, findOwnMessage } from '../../db/queries/message-controls.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { reserveDailySlot } from './daily-limit.ts';
import { startReply, type TReplyRun, type TSendMessageDeps, type TSendMessageInput } from './send-message.ts';

export type TReplyAgainInput = {
  user: TSendMessageInput['user'];
  uuid: string;
  position: number;
  kind: TModelKind;
  memoryEnabled: boolean;
  chainOfThoughtEnabled: boolean;
  signal?: AbortSignal;
};

export async function startRegenerate(deps: TSendMessageDeps, input: TReplyAgainInput): Promise<TReplyRun> {
  const { db } = deps;
  const key = { userId: input.user.id, uuid: input.uuid, position: input.position };
  const message = await findOwnMessage(db, key);
  if (!message) throw notFound('Message');
  if (message.position !== message.messageCount - 1) {
    throw new AppError('conflict', 'Only the latest reply can be regenerated');
  }
  if (message.role !== 'assistant' || message.isGreeting) {
    throw new AppError('conflict', 'Only a reply of the character can be regenerated');
  }
  if (message.alternatives.length >= ALTERNATIVES_MAX) {
    throw new AppError('conflict', `A reply keeps at most ${ALTERNATIVES_MAX} alternatives`);
  }
  const history = await contextBefore(db, { ...key, before: input.position, limit: CONTEXT_MESSAGES });
  const answered = history.findLast((m) => m.role === 'user');
  if (!answered) throw new AppError('conflict', 'There is no message of yours for this reply to answer');

  return startReply(deps, {
    user: input.user,
    kind: input.kind,
    characterId: message.characterId,
    userInput: answered.content,
    hist: input.uuid,
    memoryEnabled: input.memoryEnabled,
    chainOfThoughtEnabled: input.chainOfThoughtEnabled,
    signal: input.signal,
    mode: {
      prepare: async (plan) => ({ uuid: input.uuid, slot: await reserveDailySlot(db, plan), history }),
      store: async (reply) => {
        const isStored = await addAlternative(db, key, {
          content: reply.content,
          internalThoughts: reply.internalThoughts ?? null,
        });
        if (!isStored) throw new AppError('conflict', 'The chat changed while the reply was written');
      },
    },
  });
}
