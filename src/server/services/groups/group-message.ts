// The person writes in a group chat: the message is stored (a reply, not a message, is what counts against
// the daily limit) and the reply order says who answers it. Each character there with memory on may
// remember it.

import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TGroupMessageResult } from '../../../shared/groups.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { appendMessage } from '../../db/queries/chat-logs.ts';
import { groupHistory } from '../../db/queries/groups.ts';
import { notFound } from '../../lib/errors.ts';
import { chooseModel, type TReplyDeps, type TReplyUser } from '../chat/prepare-reply.ts';
import { findOwnGroup } from './group-context.ts';
import { planSpeakers } from './plan-speakers.ts';

export async function sendGroupMessage(
  deps: TReplyDeps,
  input: {
    user: TReplyUser;
    uuid: string;
    userInput: string;
    memoryEnabled: boolean;
    kind: TModelKind;
    random?: () => number;
  },
): Promise<TGroupMessageResult> {
  const { db } = deps;
  const { user, uuid } = input;
  const { log, members } = await findOwnGroup(db, user.id, uuid);
  const before = await groupHistory(db, { userId: user.id, uuid, limit: CHAT_CONTEXT_MESSAGES });
  const lastPerson = before.findLastIndex((r) => r.role === 'user');
  const spokeSincePerson = before
    .slice(lastPerson + 1)
    .flatMap((r) => (r.speakerId === null ? [] : [r.speakerId]));
  const position = await appendMessage(db, {
    userId: user.id,
    uuid,
    message: { role: 'user', content: input.userInput },
  });
  if (position === null) throw notFound('Group chat');
  const speakers = planSpeakers({
    order: log.replyOrder,
    members,
    message: input.userInput,
    spokeSincePerson,
    random: input.random ?? Math.random,
  });

  // Speakers remember through their own reply; the others who were there are given the message alone.
  const listeners = members.filter(
    (m) => !m.isMuted && !m.memoryDisabled && !speakers.includes(m.characterId),
  );
  if (input.memoryEnabled && deps.memory && listeners.length > 0) {
    const model = await chooseModel(deps, user, input.kind).catch(() => null);
    for (const m of model ? listeners : []) {
      deps.memory.rememberLater({
        userId: user.id,
        characterId: m.characterId,
        characterName: m.name,
        chatLogUuid: uuid,
        messagePosition: position,
        message: input.userInput,
        reply: '',
        model: model!,
        embedding: null,
      });
    }
  }
  return { position, speakers };
}
