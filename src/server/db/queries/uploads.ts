// SQL for uploads: who uploaded which stored file, and which of them nothing refers to any more.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { uploads } from '../schema.ts';
import { notReferencedByOthers } from './file-references.ts';

export async function insertUpload(db: TDb, row: { key: string; url: string; userId: number }) {
  await db.insert(uploads).values(row);
}

export async function findUploadByUrl(db: TDb, url: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.url, url));
  return row;
}

export function listUploadsOfUser(db: TDb, userId: number) {
  return db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(uploads.createdAt);
}

export async function deleteUpload(db: TDb, key: string) {
  await db.delete(uploads).where(eq(uploads.key, key));
}

/**
 * Uploads older than the cut-off that no character's avatar, user's image or message's audio points at.
 * Other tables that hold upload URLs add their NOT EXISTS here.
 */
export function listUnreferencedUploads(db: TDb, olderThan: Date, limit = 500) {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, olderThan),
        sql`not exists (select 1 from characters c where c.avatar_url = ${uploads.url})`,
        sql`not exists (select 1 from users u where u.image = ${uploads.url})`,
        sql`not exists (select 1 from chat_messages m where m.audio_url = ${uploads.url})`,
      ),
    )
    .limit(limit);
}

/** The person's upload at this URL when nothing (no character, user image or message) refers to it any more. */
export async function findOwnUnreferencedUpload(db: TDb, userId: number, url: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.url, url),
        eq(uploads.userId, userId),
        sql`not exists (select 1 from characters c where c.avatar_url = ${uploads.url})`,
        sql`not exists (select 1 from users u where u.image = ${uploads.url})`,
        sql`not exists (select 1 from chat_messages m where m.audio_url = ${uploads.url})`,
      ),
    );
  return row;
}

/**
 * Removes the records of the person's uploads nothing of anyone else refers to and answers their URLs,
 * whose files are then removed. Run as the person goes; an upload someone else still shows stays on disk.
 */
export async function takeUploadsOnlyOf(db: TDb, userId: number): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(eq(uploads.userId, userId), notReferencedByOthers(sql`${uploads.url}`, userId)))
    .returning({ url: uploads.url });
  return rows.map((r) => r.url);
}
