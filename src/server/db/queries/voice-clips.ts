// SQL for whose stored speech is whose: the people each file was made or found for, what refers to it,
// and the files that go when their last person goes or when nothing has used them for a day.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { chatLogs, chatMessages, voiceClips, voiceClipUsers } from '../schema.ts';
import { notReferencedByOthers } from './file-references.ts';

/**
 * The stored clip at this content address, marked as used now by this person (so it is theirs too and
 * the cleanup job leaves it for another day); undefined when there is none.
 */
export async function claimVoiceClip(
  db: TDb,
  opts: { key: string; userId: number },
): Promise<{ url: string; contentType: string } | undefined> {
  const result = await db.execute(sql`
    with touched as (
      update ${voiceClips} set used_at = now() where key = ${opts.key}
      returning key, url, content_type
    ), used as (
      insert into ${voiceClipUsers} (key, user_id) select key, ${opts.userId} from touched
      on conflict (key, user_id) do update set used_at = now()
    )
    select url, content_type as "contentType" from touched`);
  return rowsOf<{ url: string; contentType: string }>(result)[0];
}

/** Of these URLs, the ones that are speech made or found for this person (their own clips). */
export async function ownClipUrls(db: TDb, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: voiceClips.url })
    .from(voiceClips)
    .innerJoin(voiceClipUsers, eq(voiceClipUsers.key, voiceClips.key))
    .where(and(eq(voiceClipUsers.userId, userId), inArray(voiceClips.url, urls)));
  return new Set(rows.map((r) => r.url));
}

/** "Download my data": the speech made or found for the person. */
export const exportAudio = (db: TDb, userId: number) =>
  db
    .select({
      url: voiceClips.url,
      contentType: voiceClips.contentType,
      bytes: voiceClips.bytes,
      createdAt: voiceClips.createdAt,
      usedAt: voiceClipUsers.usedAt,
    })
    .from(voiceClipUsers)
    .innerJoin(voiceClips, eq(voiceClips.key, voiceClipUsers.key))
    .where(eq(voiceClipUsers.userId, userId))
    .orderBy(asc(voiceClipUsers.usedAt), asc(voiceClips.key));

/**
 * Removes the records of the speech only this person had (made or found for nobody else, referred to by
 * nothing of anyone else's) and answers their URLs, whose files are then removed. Run as the person goes.
 */
export async function takeClipsOnlyOf(db: TDb, userId: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${voiceClips} v
    where (
        exists (select 1 from ${voiceClipUsers} o where o.key = v.key and o.user_id = ${userId})
        or exists (
          select 1 from ${chatMessages} m join ${chatLogs} l on l.uuid = m.chat_log_uuid
          where m.audio_url = v.url and l.user_id = ${userId})
      )
      and not exists (select 1 from ${voiceClipUsers} o where o.key = v.key and o.user_id <> ${userId})
      and ${notReferencedByOthers(sql`v.url`, userId)}
    returning v.url`);
  return rowsOf<{ url: string }>(result).map((r) => r.url);
}

/**
 * Removes the records of up to `limit` speech files nobody has used since `olderThan` and nothing refers
 * to (no message's audio), and answers their URLs, whose files are then removed. The conditions are
 * checked in the delete itself, so a clip used again meanwhile stays.
 */
export async function takeUnreferencedClips(db: TDb, olderThan: Date, limit = 500): Promise<string[]> {
  const cutoff = olderThan.toISOString();
  const result = await db.execute(sql`
    delete from ${voiceClips} v
    where v.key in (
        select c.key from ${voiceClips} c
        where c.used_at < ${cutoff} and ${notReferencedByOthers(sql`c.url`, null)}
        limit ${limit})
      and v.used_at < ${cutoff}
      and ${notReferencedByOthers(sql`v.url`, null)}
    returning v.url`);
  return rowsOf<{ url: string }>(result).map((r) => r.url);
}

/**
 * Of these URLs, the ones recorded again as speech since their records were taken (the same words asked
 * for in the meantime, made anew under the same name): their files must stay.
 */
export async function rerecordedClipUrls(db: TDb, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.select({ url: voiceClips.url }).from(voiceClips).where(inArray(voiceClips.url, urls));
  return new Set(rows.map((r) => r.url));
}
