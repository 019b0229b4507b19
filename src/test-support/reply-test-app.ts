// The reply tests' set-up, once: a test app whose remote model is a fake OpenAI-compatible server (the
// local path points where nothing listens), and what those tests read back: the chat's stored messages,
// the day's count, and the chat requests the model got.
import { and, asc, eq } from 'drizzle-orm';
import type { TAppDeps } from '../server/app.ts';
import { appendMessage, createChatLogWithMessage } from '../server/db/queries/chat-logs.ts';
import { chatMessages, dailyUsage } from '../server/db/schema.ts';
import { utcDay } from '../server/services/chat/daily-limit.ts';
import { startFakeOpenAI, type TFakeOpenAI, type TFakeOpenAIOptions } from './fake-openai-server.ts';
import { createTestApp, type TTestApp, type TTestUser } from './test-app.ts';

/** Nothing listens on port 9: a local path (Ollama) that is not running. */
export const NOWHERE = 'http://127.0.0.1:9';

export type TReplyTestApp = TTestApp & { fake: TFakeOpenAI };

/** The settings that make a fake model server the app's remote model (and, with `embeddings`, its encoder). */
export function fakeModelEnv(fake: TFakeOpenAI, opts: { embeddings?: boolean } = {}): Record<string, string> {
  return {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-test',
    OLLAMA_BASE_URL: NOWHERE,
    ...(opts.embeddings
      ? { EMBEDDINGS_URL: fake.url, EMBEDDINGS_MODEL: 'fake-embed', EMBEDDINGS_API_KEY: 'sk-test' }
      : {}),
  };
}

/** The app with `env` on top of the fake model's settings (its encoder too with `embeddings`); `close` stops both. */
export async function createReplyTestApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>> = {},
  { embeddings, ...fakeOptions }: TFakeOpenAIOptions & { embeddings?: boolean } = {},
): Promise<TReplyTestApp> {
  const fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', ...fakeOptions });
  const t = await createTestApp({ ...fakeModelEnv(fake, { embeddings }), ...env }, extra);
  return {
    ...t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** The fake model back to answering at once (for a suite's beforeEach). */
export function resetFakeModel(t: TReplyTestApp) {
  t.fake.setMode('ok');
  t.fake.setTokenDelay(0);
}

/** The chat replies the fake model got (the memory judge's JSON requests come after them, unstreamed). */
export const chatRequests = (t: TReplyTestApp) => t.fake.requests.filter((r) => r.stream);

/** A chat stored straight in the database: the person's message first, then replies and messages in turn. */
export async function makeChat(t: TTestApp, user: TTestUser, characterId: number, contents: string[]) {
  const [first = '', ...rest] = contents;
  const db = t.database.db;
  const { uuid } = await createChatLogWithMessage(db, {
    userId: user.id,
    characterId,
    message: { role: 'user', content: first },
  });
  for (const [i, content] of rest.entries()) {
    await appendMessage(db, {
      userId: user.id,
      uuid,
      message: { role: i % 2 === 0 ? 'assistant' : 'user', content },
    });
  }
  return uuid;
}

/** A chat's stored messages, in order. */
export const storedMessages = (t: TTestApp, uuid: string) =>
  t.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatLogUuid, uuid))
    .orderBy(asc(chatMessages.position));

/** The person's message count of today (UTC). */
export async function usedToday(t: TTestApp, userId: number): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, utcDay(new Date()))));
  return row?.count ?? 0;
}

/** Sets the person's message count of today (to reach the daily limit quickly). */
export async function setUsedToday(t: TTestApp, userId: number, count: number): Promise<void> {
  await t.database.db
    .insert(dailyUsage)
    .values({ userId, day: utcDay(new Date()), count })
    .onConflictDoUpdate({ target: [dailyUsage.userId, dailyUsage.day], set: { count } });
}
