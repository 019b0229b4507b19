-- Hubness that forgets (migration 0032 kept it only as vectors came): when a memory is deleted or its
-- vector changes (an edit, an updated fact, a new encoder), the memories that counted it among their 5
-- nearest have theirs found again, so no neighbour keeps a similarity to a vector that is gone. Only where
-- pgvector is installed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    -- The given memories' own nearest 5 of the person's others, found again (their neighbours untouched).
    CREATE OR REPLACE FUNCTION memory_hubness_recount(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $body$
    DECLARE
      r record;
    BEGIN
      FOR r IN SELECT m.id, m.user_id, m.embedding, m.embedding_bits FROM memories m
        WHERE m.id = ANY (p_ids) AND m.embedding IS NOT NULL ORDER BY m.id
      LOOP
        UPDATE memory_hubness h SET sims = t.sims, hub = t.hub FROM (
          SELECT coalesce(array_agg(n.s ORDER BY n.s DESC), '{}') AS sims, coalesce(avg(n.s), 0) AS hub FROM (
            SELECT (1 - (c.embedding <=> r.embedding))::real AS s FROM (
              SELECT m.id, m.embedding FROM memories m
              WHERE m.user_id = r.user_id AND m.id <> r.id AND m.embedding_bits IS NOT NULL
              ORDER BY (m.embedding_bits <~> r.embedding_bits) + 0, m.id DESC LIMIT 400) c
            ORDER BY s DESC LIMIT 5) n) t
        WHERE h.memory_id = r.id;
      END LOOP;
    END
    $body$;
    -- The person's memories that may have counted these vectors (each as alike to them as their fifth
    -- nearest, or more), among the 400 nearest of each by signs.
    CREATE OR REPLACE FUNCTION memory_hubness_counted(p_users integer[], p_vectors vector[], p_skip integer[])
    RETURNS integer[] LANGUAGE sql STABLE AS $body$
      SELECT coalesce(array_agg(DISTINCT c.id), '{}') FROM unnest(p_users, p_vectors) g(u, v)
      CROSS JOIN LATERAL (SELECT binary_quantize(g.v)::bit(512) AS bits) q
      CROSS JOIN LATERAL (
        SELECT m.id, m.embedding FROM memories m
        WHERE m.user_id = g.u AND m.embedding_bits IS NOT NULL AND NOT (m.id = ANY (p_skip))
        ORDER BY (m.embedding_bits <~> q.bits) + 0, m.id DESC LIMIT 400) c
      JOIN memory_hubness h ON h.memory_id = c.id
      WHERE g.v IS NOT NULL
        AND (1 - (c.embedding <=> g.v))::real >= coalesce(h.sims[cardinality(h.sims)], -1)
    $body$;
    CREATE OR REPLACE FUNCTION memories_hubness_updated() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      changed integer[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE o.embedding IS DISTINCT FROM n.embedding OR o.user_id <> n.user_id);
    BEGIN
      IF cardinality(changed) > 0 THEN
        -- The new vectors counted for themselves and their neighbours, then whoever counted the old ones
        -- (found again with the new vectors in place).
        PERFORM memory_hubness_refresh(changed);
        PERFORM memory_hubness_recount(memory_hubness_counted(
          ARRAY(SELECT o.user_id FROM old_rows o WHERE o.id = ANY (changed) ORDER BY o.id),
          ARRAY(SELECT o.embedding FROM old_rows o WHERE o.id = ANY (changed) ORDER BY o.id), changed));
        DELETE FROM memory_hubness h USING new_rows n WHERE h.memory_id = n.id AND n.embedding IS NULL;
      END IF;
      RETURN NULL;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memories_hubness_deleted() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      PERFORM memory_hubness_recount(memory_hubness_counted(
        ARRAY(SELECT o.user_id FROM old_rows o ORDER BY o.id),
        ARRAY(SELECT o.embedding FROM old_rows o ORDER BY o.id), ARRAY(SELECT o.id FROM old_rows o)));
      RETURN NULL;
    END
    $body$;
    CREATE TRIGGER memories_hubness_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION memories_hubness_deleted();
  END IF;
END
$$;
