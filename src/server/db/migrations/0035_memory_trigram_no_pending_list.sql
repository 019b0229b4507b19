-- Memory search's trigram arm reads the person's entries, not everyone's latest (issue 24 part 5). A GIN
-- index keeps new entries in a pending list until VACUUM folds them in, and every search reads that list
-- whole: everyone's memories since the last vacuum (up to 4 MB). With 200,000 memories inserted since, a
-- short search's trigram arm read 331 pages (6.5 ms on PostgreSQL; 34 ms on the embedded database); after
-- a vacuum, 95 pages (0.35 ms). Without the pending list each new memory's trigrams go straight into the
-- index (a little more work per insert, off the reply's path) and a search reads the person's postings only.
DO $$
BEGIN
  IF to_regclass('memories_user_content_trgm_idx') IS NOT NULL THEN
    ALTER INDEX memories_user_content_trgm_idx SET (fastupdate = off);
    PERFORM gin_clean_pending_list('memories_user_content_trgm_idx'::regclass);
  END IF;
  IF to_regclass('memories_content_trgm_idx') IS NOT NULL THEN
    ALTER INDEX memories_content_trgm_idx SET (fastupdate = off);
    PERFORM gin_clean_pending_list('memories_content_trgm_idx'::regclass);
  END IF;
END
$$;
