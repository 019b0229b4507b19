-- pgvector is optional: PGlite ships it, Debian's PostgreSQL 15 does not. Where it is missing this does
-- nothing, and the server falls back to full-text memory search (see db/capabilities.ts).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
    ALTER TABLE memories ADD COLUMN IF NOT EXISTS embedding vector(512);
    CREATE INDEX IF NOT EXISTS memories_embedding_idx ON memories USING hnsw (embedding vector_cosine_ops);
  END IF;
END
$$;
