-- A reply shows which memories it was given (issue 24): the ids of the memories recalled into its prompt.
-- Shown only as the person's memories still kept (a deleted memory drops out); null: none were given.
ALTER TABLE "chat_messages" ADD COLUMN "memory_ids" integer[];
