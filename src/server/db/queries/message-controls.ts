// SQL for the conversation controls: alternatives, edits, rewinds, ratings and greetings. Every statement
// is scoped to the chat log's owner in SQL, and "only the latest message" is checked in the same statement.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { chatLogs, chatMessages, type TAlternative, type TChatMessageRow } from '../schema.ts';
import { recentNonEmptyMessages } from './chat-logs.ts';

type TKey = { userId: number; uuid: string; position: number };

export type TFoundMessage = TChatMessageRow & { messageCount: number; characterId: number };

/** One message of the person's chat log, with the log's message count; undefined when not theirs. */
export async function findOwnMessage(db: TDb, key: TKey): Promise<TFoundMessage | undefined> {
  const [row] = await db
    .select({ message: chatMessages, messageCount: chatLogs.messageCount, characterId: chatLogs.characterId })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(
      and(
        eq(chatMessages.chatLogUuid, key.uuid),
        eq(chatMessages.position, key.position),
        eq(chatLogs.userId, key.userId),
      ),
    );
  return row && { ...row.message, messageCount: row.messageCount, characterId: row.characterId };
}

/** The context of a reply to answer again: the non-empty messages before `before`, oldest first. */
export const contextBefore = (
  db: TDb,
  opts: { userId: number; uuid: string; before: number; limit: number },
): Promise<{ role: 'user' | 'assistant'; content: string }[]> => recentNonEmptyMessages(db, opts);

// Every version of a message: the stored list, or the message itself when it was never regenerated.
const versions = sql`(case when jsonb_array_length(m.alternatives) = 0
  then jsonb_build_array(jsonb_build_object('content', m.content, 'internalThoughts', m.internal_thoughts,
    'isCutOff', m.is_cut_off))
  else m.alternatives end)`;

/**
 * Runs `update chat_messages m set <set> ... where <the person's message at key> [and it is the latest]`,
 * then marks the chat log active. True when a row changed.
 */
async function updateMessage(
  db: TDb,
  key: TKey,
  set: ReturnType<typeof sql>,
  onlyLatest: boolean,
  extra: ReturnType<typeof sql> = sql``,
) {
  const latest = onlyLatest ? sql`and m.position = l.message_count - 1` : sql``;
  const result = await db.execute(sql`
    with changed as (
      update ${chatMessages} m set ${set}
      from ${chatLogs} l
      where l.uuid = m.chat_log_uuid and l.user_id = ${key.userId}
        and m.chat_log_uuid = ${key.uuid} and m.position = ${key.position} ${latest} ${extra}
      returning m.chat_log_uuid
    )
    update ${chatLogs} set updated_at = now() where uuid in (select chat_log_uuid from changed)
    returning uuid`);
  return rowsOf(result).length > 0;
}

/**
 * Regenerate: the new reply becomes the chosen alternative of the latest message; the others stay. A reply
 * the model cut off is marked so, in its version too (swiping back to it shows the mark again).
 */
export function addAlternative(
  db: TDb,
  key: TKey,
  reply: { content: string; internalThoughts: string | null; isCutOff?: boolean },
) {
  const isCutOff = reply.isCutOff ?? false;
  const added = sql`jsonb_build_array(jsonb_build_object('content', ${reply.content}::text, 'internalThoughts', ${reply.internalThoughts}::text, 'isCutOff', ${isCutOff}::boolean))`;
  return updateMessage(
    db,
    key,
    sql`alternatives = ${versions} || ${added}, chosen = jsonb_array_length(${versions}),
      content = ${reply.content}::text, internal_thoughts = ${reply.internalThoughts}::text,
      rating = null, audio_url = null, is_cut_off = ${isCutOff}::boolean`,
    true,
  );
}

// The chosen version (when there are several) takes the message's new text and cut-off mark.
const chosenTakes = (content: ReturnType<typeof sql>, isCutOff: boolean) => sql`case
  when jsonb_array_length(m.alternatives) = 0 then m.alternatives
  else jsonb_set(jsonb_set(m.alternatives, array[m.chosen::text, 'content'], to_jsonb(${content})),
    array[m.chosen::text, 'isCutOff'], to_jsonb(${isCutOff}::boolean)) end`;

/**
 * Continue: the latest message grows by `addition` (the chosen alternative too); it stays marked as cut
 * off only when the model stopped again before the end.
 */
export function appendToMessage(db: TDb, key: TKey, addition: string, isCutOff = false) {
  const grown = sql`m.content || ${addition}::text`;
  return updateMessage(
    db,
    key,
    sql`content = ${grown}, alternatives = ${chosenTakes(grown, isCutOff)}, audio_url = null,
      is_cut_off = ${isCutOff}::boolean`,
    true,
  );
}

/** Edit in place (any of the person's messages); the chosen alternative takes the new text too. Edited
 * text is the person's own: no longer marked as cut off. */
export function editMessageContent(db: TDb, key: TKey, content: string) {
  const text = sql`${content}::text`;
  return updateMessage(
    db,
    key,
    sql`content = ${text}, alternatives = ${chosenTakes(text, false)}, audio_url = null, is_cut_off = false`,
    false,
  );
}

/** Swipe: show alternative `index` of the latest message. False when it is not the latest or out of range. */
export function chooseAlternative(db: TDb, key: TKey, index: number) {
  return updateMessage(
    db,
    key,
    sql`chosen = ${index}::int, content = m.alternatives -> ${index}::int ->> 'content',
      internal_thoughts = m.alternatives -> ${index}::int ->> 'internalThoughts', rating = null, audio_url = null,
      is_cut_off = coalesce((m.alternatives -> ${index}::int ->> 'isCutOff')::boolean, false)`,
    true,
    sql`and ${index}::int < jsonb_array_length(m.alternatives)`,
  );
}

/** Thumbs up (1), down (-1) or none (null) on a reply. */
export function rateMessageRow(db: TDb, key: TKey, rating: 1 | -1 | null) {
  return updateMessage(db, key, sql`rating = ${rating}::smallint`, false);
}

/**
 * Rewind: deletes the message at `position` and every one after it; the chat log's count follows, so
 * new messages take the freed positions. False when there is no such message of the person's.
 */
export async function deleteFrom(db: TDb, key: TKey): Promise<boolean> {
  const result = await db.execute(sql`
    with gone as (
      delete from ${chatMessages} m using ${chatLogs} l
      where l.uuid = m.chat_log_uuid and l.user_id = ${key.userId}
        and m.chat_log_uuid = ${key.uuid} and m.position >= ${key.position}
        and exists (select 1 from ${chatMessages} x where x.chat_log_uuid = ${key.uuid} and x.position = ${key.position})
      returning m.chat_log_uuid
    )
    update ${chatLogs} set message_count = ${key.position}::int, updated_at = now()
    where uuid = ${key.uuid} and user_id = ${key.userId} and exists (select 1 from gone)
    returning uuid`);
  return rowsOf(result).length > 0;
}

/** A new chat log whose first message is the character's greeting (its versions are the card's greetings). */
export async function createChatLogWithGreeting(
  db: TDb,
  opts: { userId: number; characterId: number; greetings: string[]; chosen: number },
): Promise<string> {
  const alternatives: TAlternative[] =
    opts.greetings.length > 1 ? opts.greetings.map((content) => ({ content, internalThoughts: null })) : [];
  const result = await db.execute(sql`
    with log as (
      insert into ${chatLogs} (user_id, character_id, source, message_count)
      values (${opts.userId}, ${opts.characterId}, 'text', 1)
      returning uuid
    )
    insert into ${chatMessages} (chat_log_uuid, position, role, content, alternatives, chosen, is_greeting)
    select uuid, 0, 'assistant', ${opts.greetings[opts.chosen]}::text, ${JSON.stringify(alternatives)}::jsonb,
      ${opts.greetings.length > 1 ? opts.chosen : 0}::int, true
    from log
    returning chat_log_uuid as uuid`);
  return rowsOf<{ uuid: string }>(result)[0]!.uuid;
}
