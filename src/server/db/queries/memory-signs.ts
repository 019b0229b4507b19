// A person's vector signs as the server keeps a copy of them (migration 0040): the rows newer than a copy's
// version, or all of them when the copy is older than the person's last delete.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';

/** Bytes of one memory's signs (bit(512)). */
export const SIGN_BYTES = 64;
const zeros = sql.raw(`'\\x${'00'.repeat(SIGN_BYTES)}'::bytea`);

export type TSignsChanges = {
  /** The person's version these rows bring a copy to. */
  version: number;
  /** Whether the rows are all the person's memories with signs (else: the changed ones since the copy). */
  whole: boolean;
  ids: number[];
  characterIds: number[];
  /** Per row: whether it has signs now (a changed row without any leaves the copy). */
  hasSigns: boolean[];
  /** SIGN_BYTES per row, in the rows' order (zeros where a row has none). */
  signs: Uint8Array;
};

/** The person's version (0 before any change counted): a copy at it is current. */
export async function readSignsVersion(db: TDb, userId: number): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(max(s.version), 0)::float8 as version from memory_signs s where s.user_id = ${userId}::integer`);
  return Number(rowsOf<{ version: number }>(result)[0]?.version ?? 0);
}

/**
 * What a copy of the person's signs at `version` (-1: no copy) needs, in one statement (one snapshot): nothing
 * when it is current, the changed rows, or every row when the person deleted a memory since.
 */
export async function readSignsChanges(db: TDb, userId: number, version: number): Promise<TSignsChanges> {
  const result = await db.execute(sql`
    with s as materialized (
      select coalesce(max(x.version), 0) as version, coalesce(max(x.reloaded), 0) as reloaded
      from memory_signs x where x.user_id = ${userId}::integer
    ), f as materialized (
      select s.version, s.version <> ${version}::bigint as changed,
        (${version}::bigint < 0 or s.reloaded > ${version}::bigint) as whole from s
    ), c as (
      select m.id, m.character_id, m.embedding_bits from memories m
      where (select f.whole from f) and m.user_id = ${userId}::integer and m.embedding_bits is not null
      union all
      select m.id, m.character_id, m.embedding_bits from memories m
      where (select f.changed and not f.whole from f) and m.user_id = ${userId}::integer
        and m.signs_version > ${version}::bigint
    )
    select f.version::float8 as version, f.whole, r.ids, r.characters, r.has, r.signs from f, (
      select array_agg(c.id) as ids, array_agg(c.character_id) as characters,
        array_agg(c.embedding_bits is not null) as has,
        string_agg(coalesce(substring(bit_send(c.embedding_bits) from 5), ${zeros}), ''::bytea) as signs
      from c) r`);
  const [row] = rowsOf<{
    version: number;
    whole: boolean;
    ids: number[] | null;
    characters: number[] | null;
    has: boolean[] | null;
    signs: Uint8Array | null;
  }>(result);
  return {
    version: Number(row?.version ?? 0),
    whole: Boolean(row?.whole),
    ids: (row?.ids ?? []).map(Number),
    characterIds: (row?.characters ?? []).map(Number),
    hasSigns: row?.has ?? [],
    signs: row?.signs ?? new Uint8Array(0),
  };
}
