-- Memory search can take the vector arm's 400 candidates from the server's own copy of the person's vector
-- signs (issue 24 part 5): the Hamming scan over all of a person's memories (migration 0034) was 7 of the
-- 11 ms of CPU a search took with 10,000 memories of one person among 200,000 on the embedded database; the
-- server does it over a packed copy in a few tenths of a millisecond (src/server/memory/signs-cache.ts).
--
-- The copy is kept correct by a version per person: memory_signs.version goes up with every memory of
-- theirs given a vector, changed vector, moved to another character or person (each such row keeps the
-- version it made, memories.signs_version: a server fetches only the rows newer than its copy), and with
-- every delete (memory_signs.reloaded: a server then reads the person's signs again). The version is
-- counted on the person's row, under its lock, so a version is only seen once every lower one is. A search
-- names the version its candidates were picked at; when that is not the person's version in the search's own
-- snapshot (another server changed them meanwhile), the arm scans the signs itself, as before. Same
-- candidates either way: same ids, order and similarities. Only where pgvector is installed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE TABLE IF NOT EXISTS memory_signs (
      user_id integer PRIMARY KEY NOT NULL,
      version bigint NOT NULL,
      -- The version of the person's last delete (or move away): a copy older than it is read again whole.
      reloaded bigint NOT NULL
    );
    ALTER TABLE memories ADD COLUMN IF NOT EXISTS signs_version bigint;
    CREATE INDEX IF NOT EXISTS memories_user_signs_version_idx ON memories (user_id, signs_version);
    CREATE OR REPLACE FUNCTION memories_signs_versioned() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP = 'INSERT' AND new.embedding IS NULL THEN
        RETURN new;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF new.embedding IS NOT DISTINCT FROM old.embedding AND new.user_id = old.user_id
          AND new.character_id = old.character_id THEN
          RETURN new;
        END IF;
        IF new.user_id <> old.user_id THEN
          INSERT INTO memory_signs AS s (user_id, version, reloaded) VALUES (old.user_id, 1, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = s.version + 1, reloaded = s.version + 1;
        END IF;
      END IF;
      INSERT INTO memory_signs AS s (user_id, version, reloaded) VALUES (new.user_id, 1, 0)
        ON CONFLICT (user_id) DO UPDATE SET version = s.version + 1
        RETURNING s.version INTO new.signs_version;
      RETURN new;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memories_signs_deleted() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      INSERT INTO memory_signs AS s (user_id, version, reloaded)
        SELECT DISTINCT o.user_id, 1, 1 FROM old_rows o WHERE o.embedding IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET version = s.version + 1, reloaded = s.version + 1;
      RETURN NULL;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memories_signs_truncated() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      UPDATE memory_signs SET version = version + 1, reloaded = version + 1;
      RETURN NULL;
    END
    $body$;
    DROP TRIGGER IF EXISTS memories_signs_version ON memories;
    CREATE TRIGGER memories_signs_version BEFORE INSERT OR UPDATE OF embedding, user_id, character_id ON memories
      FOR EACH ROW EXECUTE FUNCTION memories_signs_versioned();
    DROP TRIGGER IF EXISTS memories_signs_delete ON memories;
    CREATE TRIGGER memories_signs_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION memories_signs_deleted();
    DROP TRIGGER IF EXISTS memories_signs_truncate ON memories;
    CREATE TRIGGER memories_signs_truncate AFTER TRUNCATE ON memories
      FOR EACH STATEMENT EXECUTE FUNCTION memories_signs_truncated();

    -- As migration 0039's, but for p_candidates picked at p_signs_version, taken as they are (each read by
    -- its key) when that is still the person's version; else the person's signs are scanned as before (both
    -- sub-selects are evaluated once a call: one of the two branches runs). Each candidate's cosine is worked
    -- out once (before, twice: for its score and for its similarity).
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8, p_candidates integer[], p_signs_version bigint)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      with q as materialized (select p_embedding::vector as v),
      copy as materialized (select p_candidates is not null and p_signs_version
        = coalesce((select s.version from memory_signs s where s.user_id = p_user), 0) as current),
      c as materialized (
        select m.id, 1 - (m.embedding <=> (select q.v from q)) as sim
        from unnest(p_candidates) k(id) join memories m on m.id = k.id
        where (select copy.current from copy)
          and m.user_id = p_user and (p_character is null or m.character_id = p_character)
          and p_embedding is not null and m.embedding_bits is not null
        union all
        select m.id, 1 - (m.embedding <=> (select q.v from q)) from (
          select m.id from memories m
          where not (select copy.current from copy)
            and m.user_id = p_user and (p_character is null or m.character_id = p_character)
            and p_embedding is not null and m.embedding_bits is not null
          order by (m.embedding_bits <~> (select binary_quantize(q.v)::bit(512) from q)) + 0, m.id desc
          limit 400) n
        join memories m on m.id = n.id)
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;
  ELSE
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8, p_candidates integer[], p_signs_version bigint)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select null::integer, null::float8, null::bigint where false
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS memory_ranking(integer, integer, text, text, boolean, integer, boolean, float8, float8,
  float8, float8, float8, float8, float8, integer, float8, float8);--> statement-breakpoint
-- As migration 0032's (with 0037's generic plan), passing the candidates and their version to the vector arm.
CREATE OR REPLACE FUNCTION memory_ranking(p_user integer, p_character integer, p_text text, p_embedding text,
  p_trigram boolean, p_limit integer, p_skip_pinned boolean, p_min_similarity float8, p_k float8,
  p_w_vector float8, p_w_text float8, p_w_trigram float8, p_k1 float8, p_b float8, p_depth integer,
  p_recency float8, p_hub float8, p_candidates integer[], p_signs_version bigint)
RETURNS TABLE (id integer, score float8) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
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
$$;
