-- Memory ranking in the database: recall and search call memory_ranking(), a PL/pgSQL function, so the
-- database keeps its plan instead of parsing and planning the whole hybrid query for every reply (on the
-- embedded database that was 3-4 ms of the server's CPU per reply: bench/reply-pipeline.ts).
--
-- Each arm ranks up to 50 of the person's memories: vector distance (pgvector), full-text rank, trigram
-- similarity (pg_trgm). The two optional extensions' arms are SQL functions made here with their real
-- body where the extension is installed and an empty one where it is not; being plain SQL, they are
-- inlined into memory_ranking's kept plan. "+ 0" keeps the planner off any vector index: filtered by
-- person, an approximate index scan can miss most of their memories, while an exact scan of one person's
-- rows is cheap.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_max_distance float8, p_skip_pinned boolean)
    RETURNS TABLE (id integer, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, row_number() over (order by v.d, v.id desc) from (
        select m.id, (m.embedding <=> p_embedding::vector) + 0 as d from memories m
        where m.user_id = p_user and (p_character is null or m.character_id = p_character)
          and not (p_skip_pinned and m.pinned)
          and p_embedding is not null and m.embedding is not null
        order by d, m.id desc limit 50) v
      where v.d < p_max_distance
    $body$;
  ELSE
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_max_distance float8, p_skip_pinned boolean)
    RETURNS TABLE (id integer, r bigint) LANGUAGE sql STABLE AS $body$
      select null::integer, null::bigint where false
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE OR REPLACE FUNCTION memory_trigram_arm(p_user integer, p_character integer, p_text text,
      p_skip_pinned boolean)
    RETURNS TABLE (id integer, r bigint) LANGUAGE sql STABLE AS $body$
      select g.id, row_number() over (order by g.s desc, g.id desc) from (
        select m.id, word_similarity(p_text, m.content) as s from memories m
        where m.user_id = p_user and (p_character is null or m.character_id = p_character)
          and not (p_skip_pinned and m.pinned) and p_text <% m.content
        order by s desc, m.id desc limit 50) g
    $body$;
  ELSE
    CREATE OR REPLACE FUNCTION memory_trigram_arm(p_user integer, p_character integer, p_text text,
      p_skip_pinned boolean)
    RETURNS TABLE (id integer, r bigint) LANGUAGE sql STABLE AS $body$
      select null::integer, null::bigint where false
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
-- Reciprocal-rank fusion of the arms (weights and k in queries/memories.ts, where they were tuned), then
-- re-ranked by importance and recency. p_character null: all the person's characters; p_embedding null: no
-- vector arm; p_trigram false: no trigram arm; p_skip_pinned: the pinned memories are left out (recall
-- adds them all anyway).
CREATE OR REPLACE FUNCTION memory_ranking(p_user integer, p_character integer, p_text text, p_embedding text,
  p_trigram boolean, p_limit integer, p_max_distance float8, p_skip_pinned boolean,
  p_k float8, p_w_vector float8, p_w_text float8, p_w_trigram float8)
RETURNS TABLE (id integer, score float8) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  tsq tsquery := nullif(replace(plainto_tsquery('english', p_text)::text, '&', '|'), '')::tsquery;
BEGIN
  RETURN QUERY
  WITH arms AS (
    SELECT t.id, p_w_text AS w, row_number() OVER (ORDER BY t.rank DESC, t.id DESC) AS r FROM (
      SELECT m.id, ts_rank_cd(m.search, tsq) AS rank FROM memories m
      WHERE m.user_id = p_user AND (p_character IS NULL OR m.character_id = p_character)
        AND NOT (p_skip_pinned AND m.pinned)
        AND tsq IS NOT NULL AND m.search @@ tsq
      ORDER BY rank DESC, m.id DESC LIMIT 50) t
    UNION ALL
    SELECT v.id, p_w_vector, v.r
    FROM memory_vector_arm(p_user, p_character, p_embedding, p_max_distance, p_skip_pinned) v
    UNION ALL
    SELECT g.id, p_w_trigram, g.r
    FROM memory_trigram_arm(p_user, p_character, p_text, p_skip_pinned) g WHERE p_trigram
  ), fused AS (
    SELECT arms.id, sum(arms.w / (p_k + arms.r)) AS rrf FROM arms GROUP BY arms.id
  )
  SELECT r.id, r.score FROM (
    SELECT m.id, (f.rrf * (1 + 0.5 * m.importance)
      * (1 + 0.15 * exp(-extract(epoch FROM (now() - m.created_at)) / (30 * 86400))))::float8 AS score
    FROM fused f JOIN memories m ON m.id = f.id) r
  ORDER BY r.score DESC, r.id DESC LIMIT p_limit;
END
$$;
