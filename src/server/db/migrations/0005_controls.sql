-- Conversation controls: a reply's alternatives (regenerate and swipe) with the chosen one, a rating,
-- the greeting mark, and the person's persona.
ALTER TABLE "chat_messages" ADD COLUMN "alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "chosen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_rating_check" CHECK ("rating" IS NULL OR "rating" IN (-1, 1));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "is_greeting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "persona" text;
