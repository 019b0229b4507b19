// SQL shared by the queries that remove stored files: what may refer to a file's URL (its aliases are
// ref_*, so the query around it can name its own tables freely).
import { type SQL, sql } from 'drizzle-orm';
import { characters, chatLogs, chatMessages, users } from '../schema.ts';

/**
 * Nothing of anyone but `userId` (of anyone at all when null) refers to the file at `url`: no message's
 * audio, no character's avatar, no person's image. Built-in characters belong to nobody, so they count.
 */
export const notReferencedByOthers = (url: SQL, userId: number | null): SQL => sql`
  not exists (
    select 1 from ${chatMessages} ref_m join ${chatLogs} ref_l on ref_l.uuid = ref_m.chat_log_uuid
    where ref_m.audio_url = ${url} and ref_l.user_id is distinct from ${userId})
  and not exists (
    select 1 from ${characters} ref_c where ref_c.avatar_url = ${url} and ref_c.user_id is distinct from ${userId})
  and not exists (
    select 1 from ${users} ref_u where ref_u.image = ${url} and ref_u.id is distinct from ${userId})`;
