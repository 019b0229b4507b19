-- Issue 19: failed sign-ins counted per account and address (or known device) with exponential back-off,
-- and the installation's owner recorded once (the first account), so no later account inherits it.
CREATE TABLE "sign_in_failures" (
	"account_id" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_account_id_source_pk" PRIMARY KEY("account_id","source")
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_idx" ON "sign_in_failures" USING btree ("last_failed_at");
--> statement-breakpoint
CREATE TABLE "installation_owner" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"user_id" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_owner_single_row" CHECK ("installation_owner"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "installation_owner" ADD CONSTRAINT "installation_owner_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- An installation that already has people keeps its owner: the first account made.
INSERT INTO "installation_owner" ("id", "user_id") SELECT 1, min("id") FROM "users" HAVING count(*) > 0;
