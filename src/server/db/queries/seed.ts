// SQL that keeps the built-in cast in step with the code: insert or update by stable id.
import { sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { characters } from '../schema.ts';

export type TBuiltInCharacter = Omit<typeof characters.$inferInsert, 'userId' | 'createdAt' | 'card'> & {
  id: number;
};

export async function upsertBuiltInCharacters(db: TDb, rows: TBuiltInCharacter[]) {
  if (rows.length === 0) return;
  await db
    .insert(characters)
    .values(rows)
    .onConflictDoUpdate({
      target: characters.id,
      set: {
        slug: sql`excluded.slug`,
        name: sql`excluded.name`,
        tagline: sql`excluded.tagline`,
        description: sql`excluded.description`,
        greeting: sql`excluded.greeting`,
        avatarUrl: sql`excluded.avatar_url`,
        voiceId: sql`excluded.voice_id`,
        voiceDescription: sql`excluded.voice_description`,
        featuredGroup: sql`excluded.featured_group`,
        featuredOrder: sql`excluded.featured_order`,
        memoryDisabled: sql`excluded.memory_disabled`,
      },
    });
  // Built-in ids are explicit; people's characters must be numbered after them.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('characters', 'id'), greatest((select max(id) from characters), 1000))`,
  );
}
