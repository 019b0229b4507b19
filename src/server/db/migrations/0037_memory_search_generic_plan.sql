-- Memory search planned once per connection, not once per call (issue 24 part 5). memory_ranking was planned
-- for every call (migration 0031): its generic plan, made without the call's values, took 7-17 s a search,
-- because the query's vector came in as text and the generic plan turned it into a vector (512 numbers
-- parsed) and into its signs again for every one of the person's memories. The vector arm now does both
-- once a call (uncorrelated sub-selects: evaluated once, in any plan), which makes the generic plan the same
-- as the custom one, and memory_ranking keeps it: planning cost 6 of the 12 ms of CPU a search took with 8
-- memories (and more with more arms' rows to estimate), on the embedded database. Same candidates, same
-- ranking.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from (
          select n.id, 1 - (m.embedding <=> (select p_embedding::vector)) as sim from (
            select m.id from memories m
            where m.user_id = p_user and (p_character is null or m.character_id = p_character)
              and p_embedding is not null and m.embedding_bits is not null
            order by (m.embedding_bits <~> (select binary_quantize(p_embedding::vector)::bit(512))) + 0, m.id desc
            limit 400) n
          join memories m on m.id = n.id) c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;
  END IF;
END
$$;
--> statement-breakpoint
ALTER FUNCTION memory_ranking(integer, integer, text, text, boolean, integer, boolean, float8, float8, float8,
  float8, float8, float8, float8, integer, float8, float8) SET plan_cache_mode = force_generic_plan;
