-- Cost grows with the person, not the table (issue 24): memory search reads the person's rows only.
--
-- Trigram arm: the GIN trigram index over every person's memories gave the arm all people's matches, then
-- filtered them by person (42 ms at 10,000 memories of one person among 200,000, bench:memory). With
-- btree_gin the index leads with the person: (user_id, content) in one GIN index, so the scan intersects
-- the person's entries with the trigrams' inside the index and visits only the person's rows. Where
-- btree_gin is not available the old index stays (the arm is still correct, only slower).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
    AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX IF NOT EXISTS memories_user_content_trgm_idx ON memories USING gin (user_id, content gin_trgm_ops);
    DROP INDEX IF EXISTS memories_content_trgm_idx;
  END IF;
END
$$;
--> statement-breakpoint
-- Vector arm: ranking one person's rows exactly read every one of their 512-float vectors, each stored out
-- of line (TOAST): 293 ms for 10,000 memories on the embedded database. Each memory now also keeps its
-- vector's signs (binary_quantize: 64 bytes, in the row), read from an index that leads with the person;
-- the 400 memories nearest by Hamming distance are then ranked exactly by cosine and the best 50 go to the
-- fusion. Measured on the quality sets' 630 memories and 366 questions (USE lite): the nearest 8 times
-- as many by Hamming as are wanted keep 0.99 of the exact top 10; below 400 memories of the person (or of
-- the character) the ranking is exact. The HNSW index over every person's vectors goes: no query used it
-- ("+ 0"), and it made every insert pay for it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    DROP INDEX IF EXISTS memories_embedding_idx;
    ALTER TABLE memories ADD COLUMN IF NOT EXISTS embedding_bits bit(512)
      GENERATED ALWAYS AS (binary_quantize(embedding)::bit(512)) STORED;
    CREATE INDEX IF NOT EXISTS memories_user_bits_idx ON memories (user_id, character_id) INCLUDE (embedding_bits);
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, 1 - v.d, row_number() over (order by v.d, v.id desc) from (
        select c.id, c.embedding <=> p_embedding::vector as d from (
          select m.id, m.embedding from memories m
          where m.user_id = p_user and (p_character is null or m.character_id = p_character)
            and p_embedding is not null and m.embedding_bits is not null
          order by (m.embedding_bits <~> binary_quantize(p_embedding::vector)::bit(512)) + 0, m.id desc
          limit 400) c
        order by d, c.id desc limit 50) v
    $body$;
  END IF;
END
$$;
