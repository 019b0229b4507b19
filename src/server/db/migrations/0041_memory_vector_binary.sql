-- Memory search takes the query's vector as a vector, not as its text (issue 20): the server sends vectors
-- in pgvector's binary form (src/server/db/vector-param.ts), which the database reads as it is, where
-- parsing the text of 512 numbers cost about 0.6 ms of CPU each time (on the embedded database, in the
-- server's own thread): a third of a reply's recall for a person with a few memories, and again for each fact
-- the memory judge compares with the kept ones. The functions are migration 0040's with p_embedding a
-- vector (the text-taking ones are dropped); the signs are still made once a call (an uncorrelated
-- sub-select, as the generic plan would otherwise make them for every row). Only where pgvector is
-- installed: without it memory_ranking keeps its text parameter, always null.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    DROP FUNCTION IF EXISTS memory_ranking(integer, integer, text, text, boolean, integer, boolean, float8, float8,
      float8, float8, float8, float8, float8, integer, float8, float8, integer[], bigint);
    DROP FUNCTION IF EXISTS memory_vector_arm(integer, integer, text, float8, integer[], bigint);
    DROP FUNCTION IF EXISTS memory_vector_arm(integer, integer, text, float8);

    CREATE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding vector,
      p_hub float8, p_candidates integer[], p_signs_version bigint)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      with copy as materialized (select p_candidates is not null and p_signs_version
        = coalesce((select s.version from memory_signs s where s.user_id = p_user), 0) as current),
      c as materialized (
        select m.id, 1 - (m.embedding <=> p_embedding) as sim
        from unnest(p_candidates) k(id) join memories m on m.id = k.id
        where (select copy.current from copy)
          and m.user_id = p_user and (p_character is null or m.character_id = p_character)
          and p_embedding is not null and m.embedding_bits is not null
        union all
        select m.id, 1 - (m.embedding <=> p_embedding) from (
          select m.id from memories m
          where not (select copy.current from copy)
            and m.user_id = p_user and (p_character is null or m.character_id = p_character)
            and p_embedding is not null and m.embedding_bits is not null
          order by (m.embedding_bits <~> (select binary_quantize(p_embedding)::bit(512))) + 0, m.id desc
          limit 400) n
        join memories m on m.id = n.id)
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;

    CREATE FUNCTION memory_ranking(p_user integer, p_character integer, p_text text, p_embedding vector,
      p_trigram boolean, p_limit integer, p_skip_pinned boolean, p_min_similarity float8, p_k float8,
      p_w_vector float8, p_w_text float8, p_w_trigram float8, p_k1 float8, p_b float8, p_depth integer,
      p_recency float8, p_hub float8, p_candidates integer[], p_signs_version bigint)
    RETURNS TABLE (id integer, score float8) LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan AS $ranking$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      WITH arms AS (
        SELECT t.id, p_w_text AS w, t.r, NULL::float8 AS sim, true AS lexical
        FROM memory_bm25_arm(p_user, p_character, p_text, p_k1, p_b, p_depth) t
        UNION ALL
        SELECT v.id, p_w_vector, v.r, v.similarity, false
        FROM memory_vector_arm(p_user, p_character, p_embedding, p_hub, p_candidates, p_signs_version) v
        UNION ALL
        SELECT g.id, p_w_trigram, g.r, NULL::float8, true
        FROM memory_trigram_arm(p_user, p_character, p_text, p_skip_pinned) g WHERE p_trigram
      ), fused AS (
        SELECT arms.id, sum(arms.w / (p_k + arms.r)) AS rrf FROM arms GROUP BY arms.id
        HAVING bool_or(arms.lexical) OR coalesce(max(arms.sim), 0) >= p_min_similarity
      )
      SELECT r.id, r.score FROM (
        SELECT m.id, (f.rrf * (1 + 0.5 * m.importance)
          * (1 + p_recency * exp(-extract(epoch FROM (now() - m.created_at)) / (30 * 86400))))::float8 AS score
        FROM fused f JOIN memories m ON m.id = f.id
        WHERE NOT (p_skip_pinned AND m.pinned)) r
      ORDER BY r.score DESC, r.id DESC LIMIT p_limit;
    END
    $ranking$;
  END IF;
END
$$;
