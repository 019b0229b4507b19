// Regenerate: the character answers its latest reply's message again; the new reply becomes the chosen
// alternative and the earlier ones are kept. Streams and counts like any reply (the one streaming step).
import { ALTERNATIVES_MAX } from '../../../shared/controls.ts';
import { addAlternative } from '../../db/queries/message-controls.ts';
import { AppError } from '../../lib/errors.ts';
import type { TReplyDeps } from './prepare-reply.ts';
import { prepareAgain, type TReplyAgainInput } from './reply-again.ts';
import { startStreaming, type TReplyRun } from './stream-reply.ts';

export async function startRegenerate(deps: TReplyDeps, input: TReplyAgainInput): Promise<TReplyRun> {
  const prepared = await prepareAgain(deps, input, {
    verb: 'regenerated',
    withReply: false,
    refuse: (message, answered) => {
      if (message.role !== 'assistant' || message.isGreeting) {
        return 'Only a reply of the character can be regenerated';
      }
      if (message.alternatives.length >= ALTERNATIVES_MAX) {
        return `A reply keeps at most ${ALTERNATIVES_MAX} alternatives`;
      }
      if (answered === undefined) return 'There is no message of yours for this reply to answer';
      return null;
    },
  });
  const key = { userId: input.user.id, uuid: input.uuid, position: input.position };
  return startStreaming(
    deps,
    {
      ...prepared,
      store: async (reply) => {
        const isStored = await addAlternative(deps.db, key, {
          content: reply.content,
          internalThoughts: reply.internalThoughts ?? null,
          isCutOff: reply.isCutOff,
        });
        if (!isStored) throw new AppError('conflict', 'The chat changed while the reply was written');
        return key.position;
      },
    },
    input,
  );
}
