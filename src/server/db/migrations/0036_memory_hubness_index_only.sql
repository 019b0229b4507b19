-- Each memory's hubness (migrations 0032, 0033) is kept with the person's index too, as the vector arm is
-- since migration 0034: a new, changed or deleted memory's 400 nearest by their vectors' signs come from an
-- index-only scan of the person's entries, and only those 400 rows are read for their exact cosine (they
-- read every one of the person's rows: 10,000 for each memory kept by a person with 10,000). Same
-- neighbours, same hubness. Only where pgvector is installed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE OR REPLACE FUNCTION memory_hubness_refresh(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $body$
    DECLARE
      r record;
    BEGIN
      FOR r IN SELECT m.id, m.user_id, m.embedding, m.embedding_bits FROM memories m
        WHERE m.id = ANY (p_ids) AND m.embedding IS NOT NULL ORDER BY m.id
      LOOP
        WITH near AS MATERIALIZED (
          SELECT c.id, (1 - (m.embedding <=> r.embedding))::real AS s FROM (
            SELECT m.id FROM memories m
            WHERE m.user_id = r.user_id AND m.id <> r.id AND m.embedding_bits IS NOT NULL
            ORDER BY (m.embedding_bits <~> r.embedding_bits) + 0, m.id DESC LIMIT 400) c
          JOIN memories m ON m.id = c.id
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
    CREATE OR REPLACE FUNCTION memory_hubness_recount(p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $body$
    DECLARE
      r record;
    BEGIN
      FOR r IN SELECT m.id, m.user_id, m.embedding, m.embedding_bits FROM memories m
        WHERE m.id = ANY (p_ids) AND m.embedding IS NOT NULL ORDER BY m.id
      LOOP
        UPDATE memory_hubness h SET sims = t.sims, hub = t.hub FROM (
          SELECT coalesce(array_agg(n.s ORDER BY n.s DESC), '{}') AS sims, coalesce(avg(n.s), 0) AS hub FROM (
            SELECT (1 - (m.embedding <=> r.embedding))::real AS s FROM (
              SELECT m.id FROM memories m
              WHERE m.user_id = r.user_id AND m.id <> r.id AND m.embedding_bits IS NOT NULL
              ORDER BY (m.embedding_bits <~> r.embedding_bits) + 0, m.id DESC LIMIT 400) c
            JOIN memories m ON m.id = c.id
            ORDER BY s DESC LIMIT 5) n) t
        WHERE h.memory_id = r.id;
      END LOOP;
    END
    $body$;
    CREATE OR REPLACE FUNCTION memory_hubness_counted(p_users integer[], p_vectors vector[], p_skip integer[])
    RETURNS integer[] LANGUAGE sql STABLE AS $body$
      SELECT coalesce(array_agg(DISTINCT c.id), '{}') FROM unnest(p_users, p_vectors) g(u, v)
      CROSS JOIN LATERAL (SELECT binary_quantize(g.v)::bit(512) AS bits) q
      CROSS JOIN LATERAL (
        SELECT m.id FROM memories m
        WHERE m.user_id = g.u AND m.embedding_bits IS NOT NULL AND NOT (m.id = ANY (p_skip))
        ORDER BY (m.embedding_bits <~> q.bits) + 0, m.id DESC LIMIT 400) c
      JOIN memories m ON m.id = c.id
      JOIN memory_hubness h ON h.memory_id = c.id
      WHERE g.v IS NOT NULL
        AND (1 - (m.embedding <=> g.v))::real >= coalesce(h.sims[cardinality(h.sims)], -1)
    $body$;
  END IF;
END
$$;
