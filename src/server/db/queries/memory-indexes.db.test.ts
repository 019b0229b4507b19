// Memory search's indexes (issue 24 part 5): the vector arm's candidates come from an index holding the
// person, character, id and signs (migration 0034), and the trigram index keeps no pending list that every
// search would read whole (migration 0035).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { rowsOf } from '../client.ts';

const database = setUpTestDatabase();

const indexes = async () =>
  rowsOf<{ name: string; definition: string; options: string[] | null }>(
    await database.db.execute(sql`
      select c.relname as name, pg_get_indexdef(c.oid) as definition, c.reloptions as options
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'memories'::regclass`),
  );

describe('memory search indexes', () => {
  it('keeps no pending list in the trigram index', async () => {
    const trigram = (await indexes()).filter((i) => i.definition.includes('gin_trgm_ops'));
    expect(trigram.length).toBeGreaterThan(0);
    for (const index of trigram) expect(index.options).toContain('fastupdate=off');
  });

  it('finds the vector arm’s candidates in an index holding the person, character, id and signs', async () => {
    const names = (await indexes()).map((i) => i.name);
    const [vector] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_extension where extname = 'vector'`),
    );
    if (!vector?.n) return;
    const index = (await indexes()).find((i) => i.name === 'memories_user_bits_id_idx');
    expect(index?.definition).toContain('(user_id, character_id) INCLUDE (id, embedding_bits)');
    expect(names).not.toContain('memories_user_bits_idx');
  });
});
