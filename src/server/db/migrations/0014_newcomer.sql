-- A newcomer's first hour: a chat's own name, a reply marked as cut off when the model stopped midway,
-- and the chat switches a person chose (null: never chosen, so the spec's default applies), kept per person.
ALTER TABLE "chat_logs" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "is_cut_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"voice_playback" boolean,
	"internal_monologue" boolean,
	"character_memory" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
