ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "importance" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "memories"."content")) STORED;--> statement-breakpoint
CREATE INDEX "memories_search_idx" ON "memories" USING gin ("search");--> statement-breakpoint
CREATE INDEX "memories_check_in_idx" ON "memories" USING btree ("created_at") WHERE "memories"."checked_in" = false;--> statement-breakpoint
CREATE INDEX "memories_user_pinned_idx" ON "memories" USING btree ("user_id","character_id") WHERE "memories"."pinned" = true;--> statement-breakpoint
CREATE INDEX "chat_logs_check_in_idx" ON "chat_logs" USING btree ("user_id","created_at") WHERE "chat_logs"."source" = 'memory-check-in';--> statement-breakpoint
-- pg_trgm is optional like pgvector: PGlite and most Postgres packages ship it; without it recall uses
-- full text (and vectors where they exist) alone.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS memories_content_trgm_idx ON memories USING gin (content gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
-- Recall ranks one person's memories exactly (an approximate HNSW scan filtered by person misses most of
-- them), so the HNSW index of 0001 only slowed every insert: dropped.
DROP INDEX IF EXISTS memories_embedding_idx;
