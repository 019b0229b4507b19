// SQL for the books attached to a person's chats and the books that apply to one reply (scoped in SQL).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import type { TDb } from '../client.ts';
import type { TSqlParam } from '../prepared-sql.ts';
import {
  characters,
  chatLogs,
  chatLorebooks,
  chatMessages,
  lorebookEntries,
  lorebooks,
  type TLorebookEntryRow,
  type TLorebookRow,
} from '../schema.ts';
import { ownRow } from './own-rows.ts';

/** Attaches a book the person owns to a chat they own; false when either is not theirs. */
export async function attachLorebook(db: TDb, userId: number, uuid: string, lorebookId: number) {
  const rows = await db
    .insert(chatLorebooks)
    .select(
      db
        .select({ chatLogUuid: chatLogs.uuid, lorebookId: lorebooks.id })
        .from(chatLogs)
        .innerJoin(lorebooks, ownRow(lorebooks, userId, lorebookId))
        .where(and(eq(chatLogs.uuid, uuid), eq(chatLogs.userId, userId))),
    )
    .onConflictDoNothing()
    .returning({ id: chatLorebooks.lorebookId });
  return rows.length > 0;
}

export async function detachLorebook(db: TDb, userId: number, uuid: string, lorebookId: number) {
  const rows = await db
    .delete(chatLorebooks)
    .where(
      and(
        eq(chatLorebooks.chatLogUuid, uuid),
        eq(chatLorebooks.lorebookId, lorebookId),
        inArray(
          chatLorebooks.chatLogUuid,
          sql`(select c.uuid from ${chatLogs} c where c.user_id = ${userId})`,
        ),
      ),
    )
    .returning({ id: chatLorebooks.lorebookId });
  return rows.length > 0;
}

/** Ids of the books attached to one of the person's chats. */
export async function attachedLorebookIds(db: TDb, userId: number, uuid: string): Promise<number[]> {
  const rows = await db
    .select({ id: chatLorebooks.lorebookId })
    .from(chatLorebooks)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatLorebooks.chatLogUuid))
    .where(and(eq(chatLorebooks.chatLogUuid, uuid), eq(chatLogs.userId, userId)));
  return rows.map((row) => row.id);
}

/**
 * Which rows of lorebooks apply to a reply (see lorebooksForReply); the reply's start statement asks
 * whether any does with the same condition (chat-target.ts), so a chat without books reads none.
 */
export function lorebooksApplySql(opts: {
  userId: TSqlParam<number>;
  characterId: TSqlParam<number>;
  chatUuid: TSqlParam<string> | null;
}) {
  const { userId, characterId, chatUuid } = opts;
  const attached = chatUuid
    ? sql`${lorebooks.id} in (select cl.lorebook_id from ${chatLorebooks} cl join ${chatLogs} c on c.uuid = cl.chat_log_uuid
        where cl.chat_log_uuid = ${chatUuid} and c.user_id = ${userId})`
    : sql`false`;
  return or(
    and(
      eq(lorebooks.characterId, characterId),
      sql`exists (select 1 from ${characters} ch where ch.id = ${characterId} and (ch.user_id = ${userId} or ch.user_id is null))`,
    ),
    and(eq(lorebooks.userId, userId), eq(lorebooks.alwaysOn, true)),
    and(eq(lorebooks.userId, userId), attached),
  )!;
}

/**
 * The books that apply to a reply: the character's own book (when the person may use the character),
 * the person's always-on books, and the books attached to the chat, each with its enabled entries: one
 * query (a book without entries comes with none).
 */
export async function lorebooksForReply(
  db: TDb,
  opts: { userId: number; characterId: number; chatUuid: string | null },
): Promise<{ book: TLorebookRow; entries: TLorebookEntryRow[] }[]> {
  const rows = await booksForReplyStatement(db, Boolean(opts.chatUuid)).execute({
    userId: opts.userId,
    characterId: opts.characterId,
    chatUuid: opts.chatUuid,
  });
  const found: { book: TLorebookRow; entries: TLorebookEntryRow[] }[] = [];
  for (const { book, entry } of rows) {
    if (found.at(-1)?.book.id !== book.id) found.push({ book, entries: [] });
    if (entry) found.at(-1)!.entries.push(entry);
  }
  return found;
}

/** lorebooksForReply's query, built once per database (it runs on every reply), for a chat or none. */
const prepareBooksForReply = (db: TDb, hasChat: boolean) =>
  db
    .select({ book: lorebooks, entry: lorebookEntries })
    .from(lorebooks)
    .leftJoin(
      lorebookEntries,
      and(eq(lorebookEntries.lorebookId, lorebooks.id), eq(lorebookEntries.enabled, true)),
    )
    .where(
      lorebooksApplySql({
        userId: sql.placeholder('userId'),
        characterId: sql.placeholder('characterId'),
        chatUuid: hasChat ? sql.placeholder('chatUuid') : null,
      }),
    )
    .orderBy(asc(lorebooks.id), asc(lorebookEntries.sort), asc(lorebookEntries.id))
    .prepare(hasChat ? 'lorebooks_for_chat_reply' : 'lorebooks_for_reply');
const booksForReply = new WeakMap<TDb, ReturnType<typeof prepareBooksForReply>[]>();

function booksForReplyStatement(db: TDb, hasChat: boolean) {
  let prepared = booksForReply.get(db);
  if (!prepared) {
    prepared = [prepareBooksForReply(db, false), prepareBooksForReply(db, true)];
    booksForReply.set(db, prepared);
  }
  return prepared[hasChat ? 1 : 0]!;
}

/**
 * The books that apply to a reply (the same as lorebooksForReply) as one JSON value in the scanner's shape,
 * for a statement that reads them with something else (the send's): books by id, entries in order.
 */
export function replyBooksJsonSql(opts: {
  userId: TSqlParam<number>;
  characterId: TSqlParam<number>;
  chatUuid: TSqlParam<string> | null;
}) {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ${lorebooks.id}::text, 'name', ${lorebooks.name},
      'settings', json_build_object('scanDepth', ${lorebooks.scanDepth}, 'tokenBudget', ${lorebooks.tokenBudget},
        'recursiveScanning', ${lorebooks.recursiveScanning}, 'maxRecursionSteps', ${lorebooks.maxRecursionSteps}),
      'version', floor(extract(epoch from ${lorebooks.updatedAt}) * 1000)::bigint::text,
      'entries', (select coalesce(json_agg(json_build_object(
          'id', e.id::text, 'keys', e.keys, 'secondaryKeys', e.secondary_keys, 'selectiveLogic', e.selective_logic,
          'content', e.content, 'enabled', e.enabled, 'constant', e.constant, 'insertionOrder', e.insertion_order,
          'position', e.position, 'depth', e.depth, 'caseSensitive', e.case_sensitive,
          'matchWholeWords', e.match_whole_words, 'probability', e.probability, 'comment', e.comment)
          order by e.sort, e.id), '[]'::json)
        from ${lorebookEntries} e where e.lorebook_id = ${lorebooks.id} and e.enabled))
      order by ${lorebooks.id}), '[]'::json)
    from ${lorebooks} where ${lorebooksApplySql(opts)})`;
}

/** Records on the chat's latest message (the reply just stored) the entries it was given. */
export async function setReplyLore(db: TDb, opts: { userId: number; uuid: string; lore: TReplyLore[] }) {
  await db.execute(sql`
    update ${chatMessages} m set lore = ${JSON.stringify(opts.lore)}::jsonb
    from ${chatLogs} l
    where l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.chat_log_uuid = l.uuid and m.position = l.message_count - 1 and m.role = 'assistant'`);
}
