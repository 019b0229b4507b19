-- Memory search planned for each call (issue 24 part 5). memory_ranking is PL/pgSQL, so after five calls
-- the database may switch its query to a generic plan, made without knowing the person: with 10,000
-- memories of one person among 40,000 on the embedded database each search then took 7-17 s instead of
-- 0.1 s (the first five calls). Planning each call costs a few milliseconds and keeps the person's indexes.
ALTER FUNCTION memory_ranking(integer, integer, text, text, boolean, integer, boolean, float8, float8, float8,
  float8, float8, float8, float8, integer, float8) SET plan_cache_mode = force_custom_plan;
