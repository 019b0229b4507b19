-- Voice: the settings a character's voice is made from (beside voice_description), and the stored
-- speech files by content address (same text and settings: the same file, made once).
ALTER TABLE "characters" ADD COLUMN IF NOT EXISTS "voice_settings" jsonb;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "voice_clips" (
	"key" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
