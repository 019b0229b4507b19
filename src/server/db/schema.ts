// The database tables, one file per domain in schema/; the committed migrations in db/migrations are
// generated from them (drizzle.config.ts reads this file).

export * from './schema/billing.ts';
export * from './schema/characters.ts';
export * from './schema/chats.ts';
export * from './schema/files.ts';
export * from './schema/lorebooks.ts';
export * from './schema/memories.ts';
export * from './schema/push.ts';
export * from './schema/safety.ts';
export * from './schema/users.ts';
