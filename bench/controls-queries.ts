// Conversation controls' queries on the embedded database (or DATABASE_URL): the reply path's one lookup
// (findChatTarget, which now also reads the person's persona) and each control's statement, per call.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { appendMessage } from '../src/server/db/queries/chat-logs.ts';
import { findChatTarget } from '../src/server/db/queries/chat-target.ts';
import {
  addAlternative,
  chooseAlternative,
  contextBefore,
  createChatLogWithGreeting,
  deleteFrom,
  editMessageContent,
  findOwnMessage,
} from '../src/server/db/queries/message-controls.ts';
import { insertUser } from '../src/server/db/queries/users.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '1000' } } });
const calls = Number(values.calls);

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')),
});
await database.migrate();
await seedDatabase(database.db);
const db = database.db;
const user = await insertUser(db, {
  email: 'bench@example.com',
  name: 'Bench',
  image: null,
  username: 'bench',
});
const uuid = await createChatLogWithGreeting(db, {
  userId: user.id,
  characterId: 1,
  greetings: ['Hello.'],
  chosen: 0,
});
for (let i = 0; i < 40; i++) {
  await appendMessage(db, {
    userId: user.id,
    uuid,
    message: { role: i % 2 === 0 ? 'user' : 'assistant', content: `message ${i} `.repeat(20) },
  });
}
const latest = 40;
const key = { userId: user.id, uuid, position: latest };

async function time(label: string, n: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(50, n); i++) await run(i); // warm up
  const started = performance.now();
  for (let i = 0; i < n; i++) await run(i);
  const ms = performance.now() - started;
  console.log(`${label.padEnd(44)} ${(ms / n).toFixed(3)} ms per call (${n} calls)`);
}

console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`);
await time('findChatTarget (every send: + persona)', calls, () =>
  findChatTarget(db, { userId: user.id, characterId: 1, uuid }),
);
await time('findOwnMessage (each control)', calls, () => findOwnMessage(db, key));
await time('contextBefore (regenerate: 30 messages)', calls, () =>
  contextBefore(db, { ...key, before: latest, limit: 30 }),
);
await time('addAlternative (regenerate stores)', Math.min(calls, 45), (i) =>
  addAlternative(db, key, { content: `alternative ${i}`, internalThoughts: null }),
);
await time('chooseAlternative (swipe)', calls, (i) => chooseAlternative(db, key, i % 40));
await time('editMessageContent (edit)', calls, (i) => editMessageContent(db, key, `edited ${i}`));
await time('deleteFrom + appendMessage (rewind, send)', calls, async () => {
  await deleteFrom(db, key);
  await appendMessage(db, { userId: user.id, uuid, message: { role: 'assistant', content: 'again' } });
});
await database.close();
