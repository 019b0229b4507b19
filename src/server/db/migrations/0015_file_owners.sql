-- Files have owners (issue 19). Stored speech is shared by content address, so a file can be had by
-- several people: voice_clip_users records each person it was made or found for, so deleting an account
-- removes the speech only that person had; used_at lets the cleanup job remove speech nothing refers to a
-- day after its last use. Messages are looked up by audio URL when a file's references are counted.
CREATE TABLE "voice_clip_users" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_clip_users_key_user_id_pk" PRIMARY KEY("key","user_id")
);--> statement-breakpoint
ALTER TABLE "voice_clip_users" ADD CONSTRAINT "voice_clip_users_key_voice_clips_key_fk" FOREIGN KEY ("key") REFERENCES "public"."voice_clips"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clip_users" ADD CONSTRAINT "voice_clip_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_clip_users_user_idx" ON "voice_clip_users" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "voice_clips" ADD COLUMN "used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "voice_clips_used_idx" ON "voice_clips" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "chat_messages_audio_url_idx" ON "chat_messages" USING btree ("audio_url") WHERE "chat_messages"."audio_url" is not null;--> statement-breakpoint
-- Speech already kept on messages belongs to the people whose messages they are.
INSERT INTO "voice_clip_users" ("key", "user_id")
SELECT DISTINCT v."key", l."user_id"
FROM "voice_clips" v
JOIN "chat_messages" m ON m."audio_url" = v."url"
JOIN "chat_logs" l ON l."uuid" = m."chat_log_uuid"
ON CONFLICT DO NOTHING;
