-- Memory vectors are kept in their row, not out of line (issue 24 part 5). A 512-number vector takes 2,052
-- bytes, which put every memory's row past the 2 KB at which PostgreSQL moves long values to the TOAST table:
-- ranking a search's 400 candidates exactly (migration 0034) then read each one's row, the TOAST index and two
-- TOAST pages. Rows up to 4 KB now stay whole (long texts still move out), so each candidate is one row read.
-- Measured on the embedded database with 10,000 memories of one person among 200,000 (the person's rows
-- written again): search CPU p50 45 -> 35 ms, recall 36 -> 29 ms (load 6-9). Memories written before this
-- keep their vectors out of line until written again (a change of embedding model re-embeds them all).
ALTER TABLE memories SET (toast_tuple_target = 4080);
