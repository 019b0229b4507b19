-- Web Push for finished replies: the person's choice (off unless chosen), and the Kindred tabs that said
-- they are visible (a reply that finishes while one is needs no push).
ALTER TABLE "user_settings" ADD COLUMN "reply_push" boolean;--> statement-breakpoint
CREATE TABLE "visible_tabs" (
	"user_id" integer NOT NULL,
	"tab_id" uuid NOT NULL,
	"visible_until" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "visible_tabs_user_id_tab_id_pk" PRIMARY KEY("user_id","tab_id")
);--> statement-breakpoint
ALTER TABLE "visible_tabs" ADD CONSTRAINT "visible_tabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
