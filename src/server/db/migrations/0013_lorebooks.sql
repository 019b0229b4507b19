-- Lorebooks (world info): books owned by a person (or shipped with a built-in character), their entries,
-- books attached to chats, and the entries a reply was given (shown from that reply).
CREATE TABLE "lorebooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE cascade,
	"character_id" integer REFERENCES "characters"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scan_depth" integer DEFAULT 4 NOT NULL,
	"token_budget" integer DEFAULT 512 NOT NULL,
	"recursive_scanning" boolean DEFAULT false NOT NULL,
	"max_recursion_steps" integer DEFAULT 3 NOT NULL,
	"always_on" boolean DEFAULT false NOT NULL,
	"source" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lorebooks_user_idx" ON "lorebooks" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lorebooks_character_idx" ON "lorebooks" USING btree ("character_id") WHERE "character_id" is not null;--> statement-breakpoint
CREATE TABLE "lorebook_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lorebook_id" integer NOT NULL REFERENCES "lorebooks"("id") ON DELETE cascade,
	"sort" integer NOT NULL,
	"keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secondary_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selective_logic" text DEFAULT 'and_any' NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"constant" boolean DEFAULT false NOT NULL,
	"insertion_order" integer DEFAULT 100 NOT NULL,
	"position" text DEFAULT 'before_char' NOT NULL,
	"depth" integer DEFAULT 4 NOT NULL,
	"case_sensitive" boolean DEFAULT false NOT NULL,
	"match_whole_words" boolean DEFAULT true NOT NULL,
	"probability" smallint DEFAULT 100 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"source" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lorebook_entries_book_idx" ON "lorebook_entries" USING btree ("lorebook_id","sort");--> statement-breakpoint
CREATE TABLE "chat_lorebooks" (
	"chat_log_uuid" uuid NOT NULL REFERENCES "chat_logs"("uuid") ON DELETE cascade,
	"lorebook_id" integer NOT NULL REFERENCES "lorebooks"("id") ON DELETE cascade,
	CONSTRAINT "chat_lorebooks_chat_log_uuid_lorebook_id_pk" PRIMARY KEY("chat_log_uuid","lorebook_id")
);--> statement-breakpoint
CREATE INDEX "chat_lorebooks_book_idx" ON "chat_lorebooks" USING btree ("lorebook_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "lore" jsonb;
