// SQL for the memories a reply was given: kept on the reply, read back as the person's memories still kept.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { chatLogs, chatMessages } from '../schema.ts';
import { RAW_COLUMNS, type TMemoryRecord, toRecord } from './memories.ts';

/** Records on the chat's latest message (the reply just stored) the memories it was given (none: null). */
export async function setReplyMemories(db: TDb, opts: { userId: number; uuid: string; ids: number[] }) {
  const ids =
    opts.ids.length > 0
      ? sql`array[${sql.join(
          opts.ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]`
      : sql`null`;
  await db.execute(sql`
    update ${chatMessages} m set memory_ids = ${ids}
    from ${chatLogs} l
    where l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.chat_log_uuid = l.uuid and m.position = l.message_count - 1 and m.role = 'assistant'`);
}

/**
 * The memories the person's reply at `position` of their chat `uuid` was given, in the order the prompt
 * had them, as they are now: another person's chat, or a memory deleted since, gives none.
 */
export async function memoriesOfReply(
  db: TDb,
  opts: { userId: number; uuid: string; position: number },
): Promise<TMemoryRecord[]> {
  const result = await db.execute(sql`
    select ${RAW_COLUMNS}, coalesce(array_position(cm.memory_ids, m.id), 0) as "order"
    from chat_messages cm
    join chat_logs l on l.uuid = cm.chat_log_uuid and l.user_id = ${opts.userId}
    join memories m on m.id = any(cm.memory_ids) and m.user_id = ${opts.userId}
    where cm.chat_log_uuid = ${opts.uuid} and cm.position = ${opts.position} and cm.role = 'assistant'
    order by "order"`);
  return rowsOf<Record<string, unknown>>(result).map(toRecord);
}
