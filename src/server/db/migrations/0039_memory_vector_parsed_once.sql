-- Memory search reads the query's vector from its text once a call, not twice (issue 24 part 5). Since
-- migration 0037 the vector arm made the vector and its signs in two sub-selects, each parsing the 512
-- numbers of the text: about 0.6 ms of CPU a call on the embedded database, a fifth of the ranking's cost
-- for a person with a few memories (8 memories: 3.1-3.3 -> 2.3-2.7 ms of CPU per memory_ranking call,
-- load 8-11). Both now read one parsed vector. Same candidates, same ranking (checked on 24 searches
-- of 10,000 memories among 200,000).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE OR REPLACE FUNCTION memory_vector_arm(p_user integer, p_character integer, p_embedding text,
      p_hub float8)
    RETURNS TABLE (id integer, similarity float8, r bigint) LANGUAGE sql STABLE AS $body$
      with q as materialized (select p_embedding::vector as v)
      select v.id, v.sim, row_number() over (order by v.score desc, v.id desc) from (
        select c.id, c.sim, c.sim - p_hub * coalesce(h.hub, 0) as score from (
          select n.id, 1 - (m.embedding <=> (select q.v from q)) as sim from (
            select m.id from memories m
            where m.user_id = p_user and (p_character is null or m.character_id = p_character)
              and p_embedding is not null and m.embedding_bits is not null
            order by (m.embedding_bits <~> (select binary_quantize(q.v)::bit(512) from q)) + 0, m.id desc
            limit 400) n
          join memories m on m.id = n.id) c
        left join memory_hubness h on h.memory_id = c.id and p_hub <> 0
        order by score desc, c.id desc limit 50) v
    $body$;
  END IF;
END
$$;
