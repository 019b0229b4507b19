// SQL for the start of a reply: the chat target (the character, whose the named chat log is, the
// user persona) as one shared statement, and the send's single statement that reserves today's slot, stores
// the person's message and reads the chat's context. Scoped to the person in SQL.
import { type SQL, sql } from 'drizzle-orm';
import type { TScanBook } from '../../lorebooks/scan.ts';
import { rowsOf, type TDb } from '../client.ts';
import { preparedSql, type TSqlParam } from '../prepared-sql.ts';
import { characters, chatLogs, chatMessages, lorebooks, memories, userSettings, users } from '../schema.ts';
import { adultAllowedSql } from './characters.ts';
import { lorebooksApplySql, replyBooksJsonSql } from './chat-lorebooks.ts';
import type { TSafetyFacts } from './safety.ts';
import { reserveDailyMessageSql } from './usage.ts';

/** The character to chat with, and whose the named chat log is (null: no log named, or not the person's). */
export type TChatTarget = {
  name: string;
  description: string;
  memoryDisabled: boolean;
  logCharacterId: number | null;
  /** The user persona, told to every character. */
  userPersona: string | null;
  /**
   * Read in the same statement so a reply makes no round trip for what is usually absent: whether the
   * person has memories of the character (recall), whether any lorebook may apply (lore), what crisis
   * care needs to know of them, and whether they want a push when a reply finishes.
   */
  hasMemories: boolean;
  hasLore: boolean;
  safetyFacts: TSafetyFacts;
  isReplyPushOn: boolean;
};

type TTargetKey = { userId: number; characterId: number; uuid: string | null };

/** The key's values as given (one statement) or as placeholders (the send's prepared statement). */
type TTargetKeySql = {
  userId: TSqlParam<number>;
  characterId: TSqlParam<number>;
  uuid: TSqlParam<string> | null;
};

/**
 * The one statement that finds a chat target: the character the person may see (built-in and not hidden by
 * the owner, or their own; one marked 18+ only for a person known to be an adult),
 * the character of the named chat log when it is theirs, and the user persona. No row: no such character.
 */
function chatTargetSql(opts: TTargetKeySql) {
  const lore = lorebooksApplySql({ userId: opts.userId, characterId: opts.characterId, chatUuid: opts.uuid });
  return sql`
    select c.name, c.description, c.memory_disabled as "memoryDisabled", l.character_id as "logCharacterId",
      u.persona as "userPersona", u.country, u.time_zone as "timeZone", u.birth_date::text as "birthDate",
      exists (select 1 from ${memories} m where m.user_id = ${opts.userId} and m.character_id = c.id) as "hasMemories",
      exists (select 1 from ${lorebooks} where ${lore}) as "hasLore",
      coalesce((select s.reply_push from ${userSettings} s where s.user_id = ${opts.userId}), false) as "isReplyPushOn"
    from ${characters} c
    left join ${chatLogs} l on l.uuid = ${opts.uuid}::uuid and l.user_id = ${opts.userId}
    left join ${users} u on u.id = ${opts.userId}
    where c.id = ${opts.characterId}
      and ((c.user_id is null and c.hidden_at is null) or c.user_id = ${opts.userId})
      and ${adultAllowedSql(sql`c.is_adult`, opts.userId)}`;
}

type TTargetRow = Omit<TChatTarget, 'logCharacterId' | 'safetyFacts'> &
  TSafetyFacts & { logCharacterId: number | string | null };

const toChatTarget = (row: TTargetRow): TChatTarget => ({
  name: row.name,
  description: row.description,
  memoryDisabled: row.memoryDisabled,
  logCharacterId: row.logCharacterId === null ? null : Number(row.logCharacterId),
  userPersona: row.userPersona,
  hasMemories: row.hasMemories,
  hasLore: row.hasLore,
  safetyFacts: { country: row.country, timeZone: row.timeZone, birthDate: row.birthDate },
  isReplyPushOn: row.isReplyPushOn,
});

/** The character to chat with and, when a chat log is named, whose it is: one query. */
export async function findChatTarget(db: TDb, opts: TTargetKey): Promise<TChatTarget | undefined> {
  const row = rowsOf<TTargetRow>(await db.execute(chatTargetSql(opts)))[0];
  return row && toChatTarget(row);
}

export type TStoredUserMessage = {
  /** The character (null when unknown or not the person's to see: nothing stored). */
  target: TChatTarget | null;
  /**
   * The day's message count after the reservation; null when nothing was reserved: the daily limit was
   * reached, or the target did not allow the send (unknown character, a log of another character).
   */
  count: number | null;
  /** The chat log holding the message, and its position there; null when nothing was stored. */
  uuid: string | null;
  position: number | null;
  /** The chat's last non-empty messages before this one, oldest first (at most contextLimit - 1). */
  context: { role: 'user' | 'assistant'; content: string }[];
  /** The books that apply to the reply, read in the same statement (none when none apply). */
  loreBooks: TScanBook[];
};

/**
 * The send's statement (see reserveAndStoreUserMessage) with its values as placeholders, in its four
 * shapes: to a new chat log or a named one, within a daily limit or without one.
 */
function sendStatementSql(opts: { hasLog: boolean; hasLimit: boolean }): SQL {
  const p = sql.placeholder;
  const key = { userId: p('userId'), characterId: p('characterId'), uuid: opts.hasLog ? p('uuid') : null };
  const allowed = opts.hasLog
    ? sql`exists (select 1 from target where "logCharacterId" = ${key.characterId})`
    : sql`exists (select 1 from target)`;
  const reserve = reserveDailyMessageSql({
    userId: key.userId,
    day: p('day'),
    limit: opts.hasLimit ? p('limit') : null,
    onlyIf: allowed,
  });
  const store = opts.hasLog
    ? sql`
    log as (
      update ${chatLogs} set message_count = message_count + 1, updated_at = now()
      where uuid = ${key.uuid} and user_id = ${key.userId} and exists (select 1 from slot)
      returning uuid, message_count
    )`
    : sql`
    log as (
      insert into ${chatLogs} (user_id, character_id, source, message_count)
      select ${key.userId}, ${key.characterId}, 'text', 1 where exists (select 1 from slot)
      returning uuid, message_count
    )`;
  // The context query reads the snapshot from before the insert, so it never includes the new message.
  const context = opts.hasLog
    ? sql`(select coalesce(json_agg(json_build_object('role', c.role, 'content', c.content) order by c.position), '[]'::json)
        from (select m.role, m.content, m.position from ${chatMessages} m
              join ${chatLogs} o on o.uuid = m.chat_log_uuid and o.user_id = ${key.userId}
              where m.chat_log_uuid = ${key.uuid} and btrim(m.content) <> ''
              order by m.position desc limit ${p('contextLimit')}) c)`
    : sql`'[]'::json`;
  return sql`
    with target as (${chatTargetSql(key)}),
    slot as (${reserve}),
    ${store},
    inserted as (
      insert into ${chatMessages} (chat_log_uuid, position, role, content)
      select uuid, message_count - 1, 'user', ${p('content')} from log
      returning chat_log_uuid, position
    )
    select t.*, (select count from slot) as count, (select chat_log_uuid from inserted) as uuid,
      (select position from inserted) as position, ${context} as context,
      case when t."hasLore" then ${replyBooksJsonSql({ ...key, chatUuid: key.uuid })} end as "loreBooks"
    from (select 1) one left join target t on true`;
}

const sendStatement = (name: string, shape: { hasLog: boolean; hasLimit: boolean }) =>
  preparedSql(name, () => sendStatementSql(shape));

const sendStatements = {
  newLog: {
    limited: sendStatement('send_new_log_limited', { hasLog: false, hasLimit: true }),
    unlimited: sendStatement('send_new_log', { hasLog: false, hasLimit: false }),
  },
  log: {
    limited: sendStatement('send_limited', { hasLog: true, hasLimit: true }),
    unlimited: sendStatement('send', { hasLog: true, hasLimit: false }),
  },
};

/**
 * One statement for a send: look up the character (and the named chat log), take today's message slot
 * (`day`, within `limit`; null: unlimited) only when the character may be talked to here and, only when
 * one was taken, append the person's message (to a new chat log when `uuid` is null) and read the chat's
 * recent context. One round trip and one transaction: the slot and the message are taken together, and
 * nothing is taken when the character or the log is not the person's.
 */
export async function reserveAndStoreUserMessage(
  db: TDb,
  opts: TTargetKey & { day: string; limit: number | null; content: string; contextLimit: number },
): Promise<TStoredUserMessage> {
  const statement =
    sendStatements[opts.uuid === null ? 'newLog' : 'log'][opts.limit === null ? 'unlimited' : 'limited'];
  const result = await statement(db, {
    userId: opts.userId,
    characterId: opts.characterId,
    uuid: opts.uuid,
    day: opts.day,
    limit: opts.limit,
    content: opts.content,
    contextLimit: opts.contextLimit - 1,
  });
  // The target's columns are all null when there is no such character.
  const row = rowsOf<
    {
      count: number | null;
      uuid: string | null;
      position: number | null;
      context: unknown;
      loreBooks: unknown;
    } & {
      [K in keyof TTargetRow]: TTargetRow[K] | null;
    }
  >(result)[0]!;
  const list = (
    typeof row.context === 'string' ? JSON.parse(row.context) : row.context
  ) as TStoredUserMessage['context'];
  return {
    target: row.name === null ? null : toChatTarget(row as TTargetRow),
    count: row.count === null ? null : Number(row.count),
    uuid: row.uuid,
    position: row.position === null ? null : Number(row.position),
    context: list,
    loreBooks: ((typeof row.loreBooks === 'string' ? JSON.parse(row.loreBooks) : row.loreBooks) ??
      []) as TScanBook[],
  };
}
