-- Memory search's vector arm reads the person's index, not their rows (issue 24 part 5). Its first step
-- orders all the person's memories by their vectors' signs (migration 0029) and keeps the nearest 400; that
-- step read each memory's row for its id and its signs: 10,000 row visits per search for a person with
-- 10,000 memories (34 ms of the arm's 42 on the embedded database, bench:memory). The person's index now
-- also holds the id, so the step is an index-only scan (where the table's pages are marked all-visible by
-- VACUUM: autovacuum on PostgreSQL, the maintenance job on the embedded database), and only the 400 kept
-- rows are read, for their exact cosine. Same candidates, same ranking.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE INDEX IF NOT EXISTS memories_user_bits_id_idx ON memories (user_id, character_id)
      INCLUDE (id, embedding_bits);
    DROP INDEX IF EXISTS memories_user_bits_idx;
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from (
          select n.id, 1 - (m.embedding <=> p_embedding::vector) as sim from (
            select m.id from memories m
            where m.user_id = p_user and (p_character is null or m.character_id = p_character)
              and p_embedding is not null and m.embedding_bits is not null
            order by (m.embedding_bits <~> binary_quantize(p_embedding::vector)::bit(512)) + 0, m.id desc
            limit 400) n
          join memories m on m.id = n.id) c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;
  END IF;
END
$$;
