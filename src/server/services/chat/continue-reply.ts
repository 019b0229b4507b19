// Continue: the character goes on from where its latest reply stopped; the new words are appended to that
// reply. Streams and counts like any reply (the one streaming step).
import { appendToMessage } from '../../db/queries/message-controls.ts';
import { AppError } from '../../lib/errors.ts';
import type { TReplyDeps } from './prepare-reply.ts';
import { prepareAgain, type TReplyAgainInput } from './reply-again.ts';
import { startStreaming, type TReplyRun } from './stream-reply.ts';

/** What goes between the reply and its continuation: nothing before punctuation or after a space. */
export function joinerOf(before: string, addition: string): string {
  if (before === '' || /\s$/.test(before) || /^[\s.,!?;:…)\]'"’”-]/.test(addition)) return '';
  return ' ';
}

export async function startContinue(deps: TReplyDeps, input: TReplyAgainInput): Promise<TReplyRun> {
  const prepared = await prepareAgain(deps, input, {
    verb: 'continued',
    withReply: true,
    refuse: (message) =>
      message.role !== 'assistant' || message.content.trim() === ''
        ? 'Only a reply of the character can be continued'
        : null,
  });
  const key = { userId: input.user.id, uuid: input.uuid, position: input.position };
  return startStreaming(
    deps,
    {
      ...prepared,
      continueLast: true,
      store: async (reply) => {
        const addition = joinerOf(prepared.found.content, reply.content) + reply.content;
        if (!(await appendToMessage(deps.db, key, addition, reply.isCutOff))) {
          throw new AppError('conflict', 'The chat changed while the reply was written');
        }
        return key.position;
      },
    },
    input,
  );
}
