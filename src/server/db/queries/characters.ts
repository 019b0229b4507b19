// SQL for characters: the built-in cast (visible to all) and each person's own (visible to them only).
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { TPersonaListItem } from '../../../shared/characters.ts';
import type { TStoredVoiceSettings } from '../../../shared/voice.ts';
import { rowsOf, type TDb } from '../client.ts';
import type { TSqlParam } from '../prepared-sql.ts';
import { characters, type TCharacterRow, users } from '../schema.ts';
import { ownRow } from './own-rows.ts';

/** The columns a list needs; descriptions and cards stay in the database. */
const listColumns = {
  id: characters.id,
  name: characters.name,
  tagline: characters.tagline,
  avatarUrl: characters.avatarUrl,
  userId: characters.userId,
  featuredGroup: characters.featuredGroup,
  featuredOrder: characters.featuredOrder,
};
export type TCharacterListRow = TPersonaListItem;

/**
 * The person is known to be 18 or over: a date of birth at least 18 years before today (UTC). Someone
 * under 18, or whose date of birth is not known yet, is not.
 */
export const isKnownAdultSql = (userId: TSqlParam<number> | SQL) =>
  sql`exists (select 1 from ${users} au where au.id = ${userId}
    and au.birth_date <= (now() at time zone 'UTC')::date - interval '18 years')`;

/** Characters marked 18+ by their owner are hidden from anyone not known to be an adult (issue 23). */
export const adultAllowedSql = (
  isAdultColumn: SQL | typeof characters.isAdult,
  userId: TSqlParam<number> | SQL,
) => sql`(not ${isAdultColumn} or ${isKnownAdultSql(userId)})`;

/** LIKE with the person's text taken literally. */
const nameContains = (q: string): SQL =>
  sql`lower(${characters.name}) like ${`%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`;

type TPageOpts = { after?: number; limit: number; q?: string };

function pageOf(owner: SQL, userId: number, opts: TPageOpts) {
  const filters = [owner, adultAllowedSql(characters.isAdult, userId)];
  if (opts.after !== undefined) filters.push(gt(characters.id, opts.after));
  if (opts.q) filters.push(nameContains(opts.q));
  return and(...filters)!;
}

/**
 * The built-in cast and the person's own characters, by id (built-in ids come first). Two index
 * range scans on (user_id, id) merged, so the cost follows the page size, not the table size.
 */
export async function listVisibleCharacters(
  db: TDb,
  userId: number,
  opts: TPageOpts,
): Promise<TCharacterListRow[]> {
  const builtIn = db
    .select(listColumns)
    .from(characters)
    .where(pageOf(and(isNull(characters.userId), isNull(characters.hiddenAt))!, userId, opts))
    .orderBy(asc(characters.id))
    .limit(opts.limit);
  const own = db
    .select(listColumns)
    .from(characters)
    .where(pageOf(eq(characters.userId, userId), userId, opts))
    .orderBy(asc(characters.id))
    .limit(opts.limit);
  const [a, b] = await Promise.all([builtIn, own]);
  return [...a, ...b].sort((x, y) => x.id - y.id).slice(0, opts.limit);
}

/** One person's own characters, by id. */
export async function listOwnCharacters(
  db: TDb,
  userId: number,
  opts: TPageOpts,
): Promise<TCharacterListRow[]> {
  return db
    .select(listColumns)
    .from(characters)
    .where(pageOf(eq(characters.userId, userId), userId, opts))
    .orderBy(asc(characters.id))
    .limit(opts.limit);
}

/** The built-in cast, for the home banners and the sidebar (those marked 18+ only for adults). */
export async function listBuiltInCharacters(db: TDb, userId: number): Promise<TCharacterListRow[]> {
  return db
    .select(listColumns)
    .from(characters)
    .where(
      and(
        isNull(characters.userId),
        isNull(characters.hiddenAt),
        adultAllowedSql(characters.isAdult, userId),
      ),
    )
    .orderBy(asc(characters.id));
}

/**
 * A character the person may see: built-in (unless the owner hid it after a report), or their own (hidden or
 * not); one marked 18+ only when the person is known to be an adult. Someone else's is as good as missing.
 */
export async function findVisibleCharacter(
  db: TDb,
  userId: number,
  id: number,
): Promise<TCharacterRow | undefined> {
  const [row] = await db
    .select()
    .from(characters)
    .where(
      and(
        eq(characters.id, id),
        sql`((${characters.userId} is null and ${characters.hiddenAt} is null) or ${characters.userId} = ${userId})`,
        adultAllowedSql(characters.isAdult, userId),
      ),
    );
  return row;
}

/** The built-in cast as its owner (the installation's owner) sees it: with the 18+ mark and hidden ones. */
export async function listCastForOwner(db: TDb) {
  return db
    .select({
      id: characters.id,
      name: characters.name,
      isAdult: characters.isAdult,
      isHidden: sql<boolean>`${characters.hiddenAt} is not null`,
    })
    .from(characters)
    .where(isNull(characters.userId))
    .orderBy(asc(characters.id));
}

/** Marks a built-in character 18+ (or not); false when there is no such built-in character. */
export async function setBuiltInAdult(db: TDb, id: number, isAdult: boolean): Promise<boolean> {
  const rows = await db
    .update(characters)
    .set({ isAdult })
    .where(and(eq(characters.id, id), isNull(characters.userId)))
    .returning({ id: characters.id });
  return rows.length === 1;
}

export type TNewCharacter = {
  userId: number;
  name: string;
  tagline: string;
  description: string;
  greeting?: string | null;
  avatarUrl: string | null;
  voiceId: string | null;
  voiceDescription: string | null;
  voiceSettings?: TStoredVoiceSettings | null;
  card?: unknown;
  /** Marked 18+ by its owner: hidden from people under 18. */
  isAdult?: boolean;
};

export async function insertCharacter(db: TDb, values: TNewCharacter): Promise<TCharacterRow> {
  const [row] = await db
    .insert(characters)
    .values({ ...values, memoryDisabled: false })
    .returning();
  return row!;
}

export type TCharacterChange = Omit<TNewCharacter, 'userId' | 'card' | 'avatarUrl'> & { avatarUrl?: string };

/** Changes a character the person made; built-in and other people's characters are never touched. */
export async function updateOwnCharacter(
  db: TDb,
  userId: number,
  id: number,
  change: TCharacterChange,
): Promise<TCharacterRow | undefined> {
  const [row] = await db
    .update(characters)
    .set(change)
    .where(ownRow(characters, userId, id))
    .returning();
  return row;
}

/** Deletes a character the person made; its chats, their messages and its memories go with it (cascade). */
export async function deleteOwnCharacter(
  db: TDb,
  userId: number,
  id: number,
): Promise<{ avatarUrl: string | null } | undefined> {
  const [row] = await db
    .delete(characters)
    .where(ownRow(characters, userId, id))
    .returning({ avatarUrl: characters.avatarUrl });
  return row;
}

/** What deleting a character takes with it, counted before it goes. */
export async function countCharacterBelongings(db: TDb, userId: number, id: number) {
  const result = await db.execute(sql`
    select (select count(*)::int from chat_logs where user_id = ${userId} and character_id = ${id}) as chats,
           (select count(*)::int from memories where user_id = ${userId} and character_id = ${id}) as memories`);
  const row = rowsOf<{ chats: number; memories: number }>(result)[0];
  return { chats: Number(row?.chats ?? 0), memories: Number(row?.memories ?? 0) };
}
