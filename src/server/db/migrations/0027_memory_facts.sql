-- Facts, not transcripts (issue 24): the judge keeps short third-person facts beside the person's words.
-- `content` stays the person's words and `reply` the character's; `fact` is the kept fact (null for
-- hand-added memories and for what was kept before facts), with its kind, the day it happens (events and
-- plans), and its source: the chat (chat_log_uuid) and the message's position in it.
ALTER TABLE "memories" ADD COLUMN "fact" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "happens_on" date;--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "source_position" integer;--> statement-breakpoint
-- The fact and the words are both searched: the search vector (and so the BM25 terms its triggers keep)
-- covers both. Existing rows have no fact, so their terms are unchanged.
ALTER TABLE "memories" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "memories" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS
  (to_tsvector('english'::regconfig, coalesce("memories"."fact", '') || ' ' || "memories"."content")) STORED;--> statement-breakpoint
-- What a fact said before each update, and from when: kept with the person, gone with the memory.
CREATE TABLE "memory_fact_history" (
  "id" serial PRIMARY KEY NOT NULL,
  "memory_id" integer NOT NULL,
  "user_id" integer NOT NULL,
  "fact" text NOT NULL,
  "kind" text,
  "happens_on" date,
  "source_chat_uuid" uuid,
  "source_position" integer,
  "since" timestamp with time zone NOT NULL,
  "replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "memory_fact_history" ADD CONSTRAINT "memory_fact_history_memory_id_memories_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."memories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_fact_history" ADD CONSTRAINT "memory_fact_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_fact_history_memory_idx" ON "memory_fact_history" USING btree ("memory_id", "replaced_at");--> statement-breakpoint
CREATE INDEX "memory_fact_history_user_idx" ON "memory_fact_history" USING btree ("user_id");
