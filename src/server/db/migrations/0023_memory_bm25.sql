-- BM25 for memory search, on every database: per-person term statistics kept beside the memories.
-- memory_terms holds each memory's terms (the search vector's lexemes) with their frequency and the memory's
-- length; memory_term_counts how many of the person's memories hold each term; memory_term_totals how many
-- memories the person has and their summed length. Statement-level triggers on memories keep all three
-- (one pass per statement, however many rows; no foreign key, whose cascade would take a memory's terms
-- away before the delete trigger could count them). Replaces ts_rank_cd over OR-ed terms, which is not BM25
-- and lost to plain BM25 on held-out conversations; its GIN index over every person's vectors goes too.
CREATE TABLE "memory_terms" (
  "memory_id" integer NOT NULL,
  "term" text NOT NULL,
  "user_id" integer NOT NULL,
  "character_id" integer NOT NULL,
  "tf" smallint NOT NULL,
  "dl" smallint NOT NULL,
  PRIMARY KEY ("memory_id", "term")
);--> statement-breakpoint
-- A term's postings for one person, best first (more occurrences, shorter memory): the BM25 arm reads only
-- the top of each list, never another person's rows.
CREATE INDEX "memory_terms_person_term_idx" ON "memory_terms"
  ("user_id", "term", "tf" DESC, "dl", "memory_id" DESC) INCLUDE ("character_id");--> statement-breakpoint
CREATE TABLE "memory_term_counts" (
  "user_id" integer NOT NULL,
  "term" text NOT NULL,
  "df" integer NOT NULL,
  PRIMARY KEY ("user_id", "term")
);--> statement-breakpoint
CREATE TABLE "memory_term_totals" (
  "user_id" integer PRIMARY KEY NOT NULL,
  "docs" integer NOT NULL,
  "length_sum" bigint NOT NULL
);--> statement-breakpoint
DROP INDEX IF EXISTS "memories_search_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION memory_terms_add(p_ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH lex AS (
    SELECT m.id, m.user_id, m.character_id, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf
    FROM memories m, unnest(m.search) u WHERE m.id = ANY (p_ids)
  ), len AS (SELECT lex.id, sum(lex.tf) AS dl FROM lex GROUP BY lex.id)
  INSERT INTO memory_terms (memory_id, term, user_id, character_id, tf, dl)
  SELECT lex.id, lex.lexeme, lex.user_id, lex.character_id, least(lex.tf, 32767), least(len.dl, 32767)
  FROM lex JOIN len ON len.id = lex.id;
  INSERT INTO memory_term_counts AS c (user_id, term, df)
  SELECT t.user_id, t.term, count(*) FROM memory_terms t WHERE t.memory_id = ANY (p_ids)
  GROUP BY t.user_id, t.term ORDER BY t.user_id, t.term
  ON CONFLICT (user_id, term) DO UPDATE SET df = c.df + excluded.df;
  INSERT INTO memory_term_totals AS s (user_id, docs, length_sum)
  SELECT m.user_id, count(*), coalesce(sum(d.dl), 0) FROM memories m
  LEFT JOIN (SELECT DISTINCT t.memory_id, t.dl FROM memory_terms t WHERE t.memory_id = ANY (p_ids)) d
    ON d.memory_id = m.id
  WHERE m.id = ANY (p_ids) GROUP BY m.user_id ORDER BY m.user_id
  ON CONFLICT (user_id) DO UPDATE SET docs = s.docs + excluded.docs, length_sum = s.length_sum + excluded.length_sum;
$$;--> statement-breakpoint
-- What memories (gone or about to change) held: taken away from the person's counts and totals.
CREATE OR REPLACE FUNCTION memory_terms_remove(p_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE memory_term_counts c SET df = c.df - x.n
  FROM (SELECT t.user_id, t.term, count(*) AS n FROM memory_terms t WHERE t.memory_id = ANY (p_ids)
        GROUP BY t.user_id, t.term ORDER BY t.user_id, t.term) x
  WHERE c.user_id = x.user_id AND c.term = x.term;
  DELETE FROM memory_term_counts c WHERE c.df <= 0;
  UPDATE memory_term_totals s SET docs = s.docs - x.n, length_sum = s.length_sum - x.len
  FROM (SELECT d.user_id, count(*) AS n, sum(d.dl) AS len
        FROM (SELECT DISTINCT t.memory_id, t.user_id, t.dl FROM memory_terms t WHERE t.memory_id = ANY (p_ids)) d
        GROUP BY d.user_id) x
  WHERE s.user_id = x.user_id;
  DELETE FROM memory_term_totals s WHERE s.docs <= 0;
  DELETE FROM memory_terms t WHERE t.memory_id = ANY (p_ids);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION memories_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM memory_terms_add(ARRAY(SELECT n.id FROM new_rows n));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION memories_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.search IS DISTINCT FROM n.search OR o.character_id <> n.character_id);
BEGIN
  IF cardinality(changed) > 0 THEN
    PERFORM memory_terms_remove(changed);
    PERFORM memory_terms_add(changed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION memories_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM memory_terms_remove(ARRAY(SELECT o.id FROM old_rows o));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER memories_terms_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memories_terms_inserted();--> statement-breakpoint
CREATE TRIGGER memories_terms_update AFTER UPDATE ON memories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memories_terms_updated();--> statement-breakpoint
CREATE TRIGGER memories_terms_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION memories_terms_deleted();--> statement-breakpoint
SELECT memory_terms_add(ARRAY(SELECT id FROM memories));--> statement-breakpoint
-- The BM25 arm: the query's terms the person has used, each term's best `p_depth` postings of theirs, scored
-- with Okapi BM25 (idf with the +1 that keeps it positive, term frequency saturated by k1, length
-- normalised by b against the person's average memory). Exact whenever no query term is in more than
-- p_depth of the person's memories; past that a common term adds to its best memories only.
CREATE OR REPLACE FUNCTION memory_bm25_arm(p_user integer, p_character integer, p_text text,
  p_k1 float8, p_b float8, p_depth integer)
RETURNS TABLE (id integer, score float8, r bigint) LANGUAGE sql STABLE AS $body$
  WITH tot AS (
    SELECT t.docs::float8 AS docs, t.length_sum::float8 / greatest(t.docs, 1) AS avgdl
    FROM memory_term_totals t WHERE t.user_id = p_user
  ), q AS (
    SELECT c.term, ln(1 + (tot.docs - c.df + 0.5) / (c.df + 0.5)) AS idf, tot.avgdl
    FROM (SELECT DISTINCT w AS term FROM unnest(tsvector_to_array(to_tsvector('english'::regconfig, p_text))) w) w
    JOIN memory_term_counts c ON c.user_id = p_user AND c.term = w.term
    CROSS JOIN tot
  ), s AS (
    SELECT p.memory_id, sum(q.idf * p.tf * (p_k1 + 1) / (p.tf + p_k1 * (1 - p_b + p_b * p.dl / q.avgdl))) AS score
    FROM q CROSS JOIN LATERAL (
      SELECT mt.memory_id, mt.tf, mt.dl FROM memory_terms mt
      WHERE mt.user_id = p_user AND mt.term = q.term AND (p_character IS NULL OR mt.character_id = p_character)
      ORDER BY mt.tf DESC, mt.dl, mt.memory_id DESC LIMIT p_depth) p
    GROUP BY p.memory_id
  )
  SELECT s.memory_id, s.score::float8, row_number() OVER (ORDER BY s.score DESC, s.memory_id DESC)
  FROM s ORDER BY s.score DESC, s.memory_id DESC LIMIT 50
$body$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS memory_ranking(integer, integer, text, text, boolean, integer, float8, boolean, float8, float8, float8, float8);--> statement-breakpoint
DROP FUNCTION IF EXISTS memory_vector_arm(integer, integer, text, float8, boolean);--> statement-breakpoint
-- The vector arm without a floor: the person's 50 nearest memories, however far, go into the fusion (a
-- floor of 0.4 dropped a third of the right memories before fusion). "+ 0" keeps the planner off any
-- approximate index: one person's rows are ranked exactly.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, 1 - v.d, row_number() over (order by v.d, v.id desc) from (
        select m.id, (m.embedding <=> p_embedding::vector) + 0 as d from memories m
        where m.user_id = p_user and (p_character is null or m.character_id = p_character)
          and p_embedding is not null and m.embedding is not null
        order by d, m.id desc limit 50) v
    $body$;
  ELSE
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select null::integer, null::float8, null::bigint where false
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
-- Reciprocal-rank fusion of the vector arm, the BM25 arm and (short searches) the trigram arm, then a light
-- re-rank by importance and recency. k, the weights, k1, b and the recency weight come from
-- queries/memories.ts, chosen on the quality sets' dev splits (scripts/tune-memory-fusion.ts). No floor
-- before the fusion; after it, p_min_similarity drops what neither shares a word with the text nor is at
-- least that alike (what a person's search shows: matches, not neighbours; 0 keeps all).
-- p_character null: all the person's characters; p_embedding null: no vector arm; p_skip_pinned: the pinned
-- memories are left out (recall adds them all anyway).
CREATE OR REPLACE FUNCTION memory_ranking(p_user integer, p_character integer, p_text text, p_embedding text,
  p_trigram boolean, p_limit integer, p_skip_pinned boolean, p_min_similarity float8, p_k float8,
  p_w_vector float8, p_w_text float8, p_w_trigram float8, p_k1 float8, p_b float8, p_depth integer,
  p_recency float8)
RETURNS TABLE (id integer, score float8) LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH arms AS (
    SELECT t.id, p_w_text AS w, t.r, NULL::float8 AS sim, true AS lexical
    FROM memory_bm25_arm(p_user, p_character, p_text, p_k1, p_b, p_depth) t
    UNION ALL
    SELECT v.id, p_w_vector, v.r, v.similarity, false
    FROM memory_vector_arm(p_user, p_character, p_embedding) v
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
