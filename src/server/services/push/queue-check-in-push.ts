// A check-in reaches a closed tab: one push to each of the person's devices ('<character name> sent you a
// message', the first words, the character's avatar; a click opens that chat with hist).
import { PUSH_BODY_MAX_CHARS, type TPushPayload } from '../../../shared/push.ts';
import type { TDb } from '../../db/client.ts';
import { characterForPush, queuePushForPerson } from '../../db/queries/push.ts';

/** The first words of `text`, cut at a word boundary with an ellipsis when longer than the limit. */
export function firstWords(text: string, max = PUSH_BODY_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export async function queueCheckInPush(
  db: TDb,
  opts: { userId: number; characterId: number; chatUuid: string; text: string },
): Promise<number> {
  const character = await characterForPush(db, opts.characterId);
  if (!character) return 0;
  const payload: TPushPayload = {
    title: `${character.name} sent you a message`,
    body: firstWords(opts.text),
    icon: character.avatarUrl,
    url: `/chat/${opts.characterId}?hist=${opts.chatUuid}`,
    tag: `chat-${opts.chatUuid}`,
  };
  return queuePushForPerson(db, { userId: opts.userId, dedupeKey: `check-in:${opts.chatUuid}`, payload });
}
