-- Memory search's vector arm discounts memories that are close to many of the person's others (issue 24
-- part 1). A person's memories share their way of talking ('I … with my cousin …', small talk said many
-- times over): by plain cosine such a memory is near every question at once and pushes out the one asked
-- about. Each memory now keeps how alike it is to its 5 nearest of the person's other memories (their mean
-- cosine: its 'hubness'), and the arm ranks by cosine minus a share of it (cross-domain similarity local
-- scaling, as in word translation retrieval). Chosen on the quality sets' dev splits
-- (scripts/tune-memory-fusion.ts): 5 neighbours and a share of 0.5, with full text at 0.2, took
-- conversation recall@5 from 0.663 to 0.772 and paraphrase recall@3 from 0.871 to 1.0.
--
-- memory_hubness is kept beside the memories by statement-level triggers: a memory given a vector gets its
-- 5 nearest (the person's 400 nearest by their vectors' signs, migration 0029, then exact cosine), and
-- each of those 400 whose own fifth nearest is less alike takes it in. A deleted memory's row goes with it;
-- its neighbours keep their similarity to it until they are re-embedded (their hubness a little high).
-- Only where pgvector is installed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE TABLE IF NOT EXISTS memory_hubness (
      memory_id integer PRIMARY KEY NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
      -- The cosine similarities of its nearest (at most 5) of the person's other memories, most alike first.
      sims real[] NOT NULL,
      hub real NOT NULL
    );
    CREATE OR REPLACE FUNCTION memory_hubness_refresh(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $body$
    DECLARE
      r record;
    BEGIN
      FOR r IN SELECT m.id, m.user_id, m.embedding, m.embedding_bits FROM memories m
        WHERE m.id = ANY (p_ids) AND m.embedding IS NOT NULL ORDER BY m.id
      LOOP
        WITH near AS MATERIALIZED (
          SELECT c.id, (1 - (c.embedding <=> r.embedding))::real AS s FROM (
            SELECT m.id, m.embedding FROM memories m
            WHERE m.user_id = r.user_id AND m.id <> r.id AND m.embedding_bits IS NOT NULL
            ORDER BY (m.embedding_bits <~> r.embedding_bits) + 0, m.id DESC LIMIT 400) c
        ), mine AS (
          INSERT INTO memory_hubness AS h (memory_id, sims, hub)
          SELECT r.id, coalesce(array_agg(t.s ORDER BY t.s DESC), '{}'), coalesce(avg(t.s), 0)
          FROM (SELECT near.s FROM near ORDER BY near.s DESC LIMIT 5) t
          ON CONFLICT (memory_id) DO UPDATE SET sims = excluded.sims, hub = excluded.hub
        ), widened AS (
          -- Neighbours outside this batch (each memory in it gets all its own nearest above).
          SELECT h.memory_id, (SELECT array_agg(y ORDER BY y DESC)
            FROM (SELECT y FROM unnest(h.sims || near.s) y ORDER BY y DESC LIMIT 5) z) AS sims
          FROM near JOIN memory_hubness h ON h.memory_id = near.id
          WHERE NOT (near.id = ANY (p_ids)) AND (cardinality(h.sims) < 5 OR near.s > h.sims[5])
        )
        UPDATE memory_hubness h SET sims = w.sims, hub = (SELECT avg(y) FROM unnest(w.sims) y)
        FROM widened w WHERE h.memory_id = w.memory_id;
      END LOOP;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memories_hubness_inserted() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      PERFORM memory_hubness_refresh(ARRAY(SELECT n.id FROM new_rows n WHERE n.embedding IS NOT NULL));
      RETURN NULL;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memories_hubness_updated() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      changed integer[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.embedding IS NOT NULL AND (o.embedding IS DISTINCT FROM n.embedding OR o.user_id <> n.user_id));
    BEGIN
      IF cardinality(changed) > 0 THEN
        PERFORM memory_hubness_refresh(changed);
      END IF;
      RETURN NULL;
    END
    $body$;
    CREATE TRIGGER memories_hubness_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION memories_hubness_inserted();
    CREATE TRIGGER memories_hubness_update AFTER UPDATE ON memories
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION memories_hubness_updated();
    PERFORM memory_hubness_refresh(ARRAY(SELECT m.id FROM memories m WHERE m.embedding IS NOT NULL));

    -- The vector arm: the person's nearest 400 by their vectors' signs (migration 0029), ranked exactly by
    -- cosine minus p_hub of their hubness (0: plain cosine, as the quality sets' 'cosine alone'); the best 50
    -- go to the fusion with their plain cosine similarity (what a search's floor reads).
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from (
          select n.id, 1 - (n.embedding <=> p_embedding::vector) as sim from (
            select m.id, m.embedding from memories m
            where m.user_id = p_user and (p_character is null or m.character_id = p_character)
              and p_embedding is not null and m.embedding_bits is not null
            order by (m.embedding_bits <~> binary_quantize(p_embedding::vector)::bit(512)) + 0, m.id desc
            limit 400) n) c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;
  ELSE
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select null::integer, null::float8, null::bigint where false
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS memory_vector_arm(integer, integer, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS memory_ranking(integer, integer, text, text, boolean, integer, boolean, float8, float8,
  float8, float8, float8, float8, float8, integer, float8);--> statement-breakpoint
-- As migration 0023's, with the vector arm's hubness share (p_hub, from queries/memory-search.ts), and
-- planned for each call as migration 0031 made it.
CREATE OR REPLACE FUNCTION memory_ranking(p_user integer, p_character integer, p_text text, p_embedding text,
  p_trigram boolean, p_limit integer, p_skip_pinned boolean, p_min_similarity float8, p_k float8,
  p_w_vector float8, p_w_text float8, p_w_trigram float8, p_k1 float8, p_b float8, p_depth integer,
  p_recency float8, p_hub float8)
RETURNS TABLE (id integer, score float8) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH arms AS (
    SELECT t.id, p_w_text AS w, t.r, NULL::float8 AS sim, true AS lexical
    FROM memory_bm25_arm(p_user, p_character, p_text, p_k1, p_b, p_depth) t
    UNION ALL
    SELECT v.id, p_w_vector, v.r, v.similarity, false
    FROM memory_vector_arm(p_user, p_character, p_embedding, p_hub) v
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
$$;
