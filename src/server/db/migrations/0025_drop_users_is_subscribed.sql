-- The plan is derived from the stored subscriptions; users.is_subscribed was never written (issue 18).
ALTER TABLE "users" DROP COLUMN IF EXISTS "is_subscribed";
