// Two app processes on one Postgres behind a small round-robin proxy: sessions, limits and replies are
// shared through the database; SIGTERM drains, kill -9 loses no message the person sent.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstances, SERAPHINE, type TEvent, type TInstance } from '../test-support/app-instances.ts';
import type { TFakeOpenAI } from '../test-support/fake-openai-server.ts';
import { request } from '../test-support/sign-in-flow.ts';
import type { TDatabase } from './db/client.ts';
import { dailyUsage } from './db/schema.ts';

const instances = createInstances();
const { startInstance, forget, signalAtFirstWord, streamReply, messagesOf, signIn } = instances;
let database: TDatabase;
let fake: TFakeOpenAI;
let proxyUrl: string;
const figures: Record<string, unknown> = {};

const enabled = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!enabled)('two instances, one Postgres, behind a round-robin proxy', () => {
  let a: TInstance;
  let b: TInstance;

  beforeAll(async () => {
    await instances.start();
    ({ database, fake, proxyUrl } = instances);
    // One after the other: the first creates the provider's signing key in the shared data folder.
    a = await startInstance('A', { SHUTDOWN_GRACE_SECONDS: '6' });
    b = await startInstance('B');
  }, 200_000);

  afterAll(async () => {
    await instances.close();
    console.log(`two-instance figures: ${JSON.stringify(figures)}`);
  });

  it('sign in on one, use the other: the session works on both instances', async () => {
    const { jar, id } = await signIn('ana@example.com');
    for (const instance of [a, b]) {
      const session = await (await request(instance.url, jar, '/auth/session')).json();
      expect(session.user.id).toBe(id);
      expect((await request(instance.url, jar, `/api/chatlogs/user/total?userId=${id}`)).status).toBe(200);
    }
  });

  it('100 concurrent sends at 19/20 across both give exactly one reply', { timeout: 120_000 }, async () => {
    const { jar, id } = await signIn('cap@example.com');
    const day = new Date().toISOString().slice(0, 10);
    await database.db.insert(dailyUsage).values({ userId: id, day, count: 19 });
    fake.setTokenDelay(0);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(proxyUrl, jar, '/assistant-reply-openai', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: proxyUrl },
          body: JSON.stringify({ userId: id, characterId: SERAPHINE, userInput: `Message ${i}` }),
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    const statuses = results.map((r) => r.status);
    figures.concurrentSends = {
      sent: 100,
      replies: statuses.filter((s) => s === 200).length,
      refused429: statuses.filter((s) => s === 429).length,
      other: statuses.filter((s) => s !== 200 && s !== 429),
    };
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(99);
    const [usage] = await database.db
      .select()
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, id), eq(dailyUsage.day, day)));
    expect(usage?.count).toBe(20);
  });

  it('a streamed reply passes through the proxy as it is written', { timeout: 60_000 }, async () => {
    const { jar, id } = await signIn('sol@example.com');
    fake.setTokenDelay(150);
    const started = Date.now();
    const events: TEvent[] = [];
    for await (const event of streamReply(proxyUrl, jar, {
      userId: id,
      characterId: SERAPHINE,
      userInput: 'Tell me about the stars',
    })) {
      events.push(event);
    }
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    // The first words arrived well before the end: the proxy did not buffer the stream.
    expect(events.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(300);
    figures.stream = { events: events.length, deltas: deltas.length, ms: Date.now() - started };
  });

  it('SIGTERM stops taking requests, lets the reply in flight finish, stores it, then exits', {
    timeout: 90_000,
  }, async () => {
    const { jar, id } = await signIn('tess@example.com');
    fake.setTokenDelay(400);
    const events: TEvent[] = [];
    let stopping: Promise<number | null> | undefined;
    let refused: number | string | undefined;
    for await (const event of streamReply(a.url, jar, {
      userId: id,
      characterId: SERAPHINE,
      userInput: 'Slow reply please friend',
    })) {
      events.push(event);
      if (event.event === 'delta' && !stopping) {
        forget(a);
        a.child.kill('SIGTERM');
        stopping = a.exited;
        await new Promise((r) => setTimeout(r, 300));
        refused = await fetch(`${a.url}/healthz`).then(
          (r) => r.status,
          () => 'connection refused',
        );
      }
    }
    expect(events.at(-1)?.event).toBe('done');
    const done = events.at(-1)!.data as { hist: string; reply: string };
    expect(done.reply).toBe('Slow reply please friend… I hear you.');
    expect(refused).not.toBe(200);
    expect(await stopping).toBe(0);
    expect(await messagesOf(done.hist)).toEqual([
      { role: 'user', content: 'Slow reply please friend' },
      { role: 'assistant', content: 'Slow reply please friend… I hear you.' },
    ]);
    // The other instance goes on serving through the proxy.
    expect((await request(proxyUrl, jar, '/auth/session')).status).toBe(200);
    figures.sigterm = { newRequestWhileDraining: refused, exitCode: 0, replyComplete: true };
  });

  it('kill -9 mid-reply loses no message the person sent; it is retried on another instance', {
    timeout: 120_000,
  }, async () => {
    const c = await startInstance('C', { SHUTDOWN_GRACE_SECONDS: '1' });
    const { jar, id } = await signIn('kim@example.com');
    fake.setTokenDelay(1000);
    const hist = await signalAtFirstWord(b, 'SIGKILL', jar, { userId: id, userInput: 'Do not lose me' });
    await b.exited;
    expect(await messagesOf(hist)).toEqual([{ role: 'user', content: 'Do not lose me' }]);

    fake.setTokenDelay(0);
    const retried = await request(c.url, jar, '/assistant-reply-openai', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxyUrl },
      body: JSON.stringify({
        userId: id,
        characterId: SERAPHINE,
        userInput: 'Do not lose me',
        hist,
        retry: true,
      }),
    });
    expect(retried.status).toBe(200);
    expect(await messagesOf(hist)).toEqual([
      { role: 'user', content: 'Do not lose me' },
      { role: 'assistant', content: 'Do not lose me… I hear you.' },
    ]);

    // And a reply still running when the grace period ends is cut and stored as it was.
    fake.setTokenDelay(1500);
    const cutHist = await signalAtFirstWord(c, 'SIGTERM', jar, {
      userId: id,
      userInput: 'Cut me short please',
    });
    expect(await c.exited).toBe(0);
    const stored = await messagesOf(cutHist);
    expect(stored[0]).toEqual({ role: 'user', content: 'Cut me short please' });
    expect(stored[1]?.role).toBe('assistant');
    expect('Cut me short please… I hear you.'.startsWith(stored[1]!.content)).toBe(true);
    expect(stored[1]!.content.length).toBeGreaterThan(0);
    figures.kill9 = { userMessageKept: true, retriedOnOtherInstance: true };
    figures.cutAtGrace = { storedPartial: stored[1]!.content };
  });
});
