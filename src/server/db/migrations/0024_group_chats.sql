-- Group chats: a chat log with members (2 to 8 characters, each with a talkativeness and a mute), who
-- answers (reply_order), and each character reply stored with its speaker. A chat log's character_id
-- stays its first member, so a group opens like any chat (/chat/{id}?hist=).
ALTER TABLE "chat_logs" ADD COLUMN "is_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_logs" ADD COLUMN "reply_order" text DEFAULT 'natural' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_logs" ADD CONSTRAINT "chat_logs_reply_order_check" CHECK ("reply_order" in ('natural', 'list', 'pooled', 'manual'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "speaker_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_speaker_id_characters_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "chat_members" (
	"chat_log_uuid" uuid NOT NULL,
	"character_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"talkativeness" smallint DEFAULT 50 NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "chat_members_chat_log_uuid_character_id_pk" PRIMARY KEY("chat_log_uuid","character_id"),
	CONSTRAINT "chat_members_talkativeness_check" CHECK ("talkativeness" between 0 and 100)
);--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_log_uuid_chat_logs_uuid_fk" FOREIGN KEY ("chat_log_uuid") REFERENCES "public"."chat_logs"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_members_character_idx" ON "chat_members" USING btree ("character_id");
