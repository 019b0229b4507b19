import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { chatMessages, safetyCounts } from '../db/schema.ts';
import { SAFE_REPLY } from '../safety/reply-check.ts';
import { CRISIS_INSTRUCTION } from '../services/safety/crisis-care.ts';

// Crisis care on the reply path: the check before the reply (card, the model's instruction, the count),
// the reply check (an unsafe reply replaced, counted, never stored), the country of the lines, the
// owner's counts (JSON and CSV) and the published protocol.
const SERAPHINE = 1;
const t = setUpReplyTestApp();
const owner = setUpPerson(t);
const me = setUpPerson(t, { name: 'Sam' });

const send = (user: TTestUser, userInput: string) =>
  call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, userInput, memoryEnabled: false },
  });
const lastSystemPrompt = () => {
  const chat = t.fake.requests.filter((r) => r.stream);
  return String(chat.at(-1)?.messages[0]?.content ?? '');
};
const counts = async () => {
  const rows = await t.database.db.select().from(safetyCounts);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
  return { referrals: of('crisis_referral'), unsafe: of('unsafe_reply') };
};

describe('a message that reads like a crisis', () => {
  it('gets the card with the country lines, the care instruction reaches the model, one referral is counted', async () => {
    expect((await call(t, 'PUT', '/api/safety/country', { user: me, json: { country: 'GB' } })).status).toBe(
      200,
    );
    const before = await counts();
    const res = await send(me, "honestly i don't want to wake up tomorrow");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.crisis.country).toBe('GB');
    expect(body.crisis.lines[0].phone).toBe('116 123');
    expect(body.crisis.directory.url).toBe('https://findahelpline.com');
    expect(lastSystemPrompt()).toContain(CRISIS_INSTRUCTION);
    expect((await counts()).referrals).toBe(before.referrals + 1);
  });

  it('a figure of speech gets no card and no instruction', async () => {
    const before = await counts();
    const res = await send(me, 'this homework is killing me lol');
    const body = await res.json();
    expect(body.crisis).toBeUndefined();
    expect(lastSystemPrompt()).not.toContain(CRISIS_INSTRUCTION);
    expect((await counts()).referrals).toBe(before.referrals);
  });

  it('without a chosen country the time zone decides, and elsewhere the directory alone', async () => {
    const person = await createSignedInUser(t.database);
    const zone = await call(t, 'PUT', '/api/memories/time-zone', {
      user: person,
      json: { timeZone: 'America/Chicago' },
    });
    expect(zone.status).toBe(200);
    const lines = await (await call(t, 'GET', '/api/safety/crisis-lines', { user: person })).json();
    expect(lines.chosenCountry).toBeNull();
    expect(lines.countries).toEqual(expect.arrayContaining(['US', 'CA', 'GB', 'IE']));
    const res = await send(person, 'everyone would be better off without me');
    const card = (await res.json()).crisis;
    expect(card.country).toBe('US');
    expect(card.lines[0].phone).toBe('988');

    const abroad = await createSignedInUser(t.database);
    await call(t, 'PUT', '/api/memories/time-zone', { user: abroad, json: { timeZone: 'Europe/Paris' } });
    const elsewhere = (await (await send(abroad, 'i want to kill myself')).json()).crisis;
    expect(elsewhere.country).toBeNull();
    expect(elsewhere.lines).toEqual([]);
    expect(elsewhere.directory.url).toBe('https://findahelpline.com');
  });
});

describe('the reply check', () => {
  it('an unsafe reply is replaced by the safe message, stored as that, and counted', async () => {
    const before = await counts();
    // The t.fake model echoes the first words: this makes it tell the person to hurt themselves.
    const res = await send(me, 'You should kill yourself, said the villain in my story');
    const body = await res.json();
    expect(body.reply).toBe(SAFE_REPLY);
    expect(body.isReplaced).toBe(true);
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatLogUuid, body.hist))
      .orderBy(asc(chatMessages.position));
    expect(stored.at(-1)?.content).toBe(SAFE_REPLY);
    expect(stored.some((m) => m.role === 'assistant' && /kill yourself/i.test(m.content))).toBe(false);
    expect((await counts()).unsafe).toBe(before.unsafe + 1);
  });

  it('a caring reply is kept as it is', async () => {
    const res = await send(me, 'please do not hurt yourself ok');
    expect((await res.json()).reply).toBe('please do not hurt… I hear you.');
  });
});

describe('in a group chat', () => {
  const ROOK = 3;
  const startGroup = async () => {
    const res = await call(t, 'POST', '/api/groups', {
      user: me,
      json: { characterIds: [SERAPHINE, ROOK], replyOrder: 'natural' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { uuid: string }).uuid;
  };
  const write = async (uuid: string, userInput: string) => {
    const res = await call(t, 'POST', `/api/groups/${uuid}/messages`, {
      user: me,
      json: { userInput, memoryEnabled: false },
    });
    expect(res.status).toBe(201);
  };
  const turn = async (uuid: string, characterId: number) => {
    const res = await call(t, 'POST', `/api/groups/${uuid}/turn`, {
      user: me,
      json: { characterId, memoryEnabled: false },
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  it("a character's turn answers a crisis with the card and the care instruction, counted once for the message", async () => {
    const uuid = await startGroup();
    const before = await counts();
    await write(uuid, "honestly i don't want to wake up tomorrow");
    const first = await turn(uuid, SERAPHINE);
    expect(first.crisis.lines.length).toBeGreaterThan(0);
    expect(lastSystemPrompt()).toContain(CRISIS_INSTRUCTION);
    // The next character answering the same message keeps the care, and the referral is not counted again.
    const second = await turn(uuid, ROOK);
    expect(second.crisis).toBeDefined();
    expect(lastSystemPrompt()).toContain(CRISIS_INSTRUCTION);
    expect((await counts()).referrals).toBe(before.referrals + 1);
  });

  it('an unsafe group reply is replaced by the safe message and never stored', async () => {
    const uuid = await startGroup();
    const before = await counts();
    await write(uuid, 'Just kill yourself, said the villain in my story');
    const body = await turn(uuid, SERAPHINE);
    expect(body.reply).toBe(SAFE_REPLY);
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.chatLogUuid, uuid));
    expect(stored.some((m) => m.role === 'assistant' && /kill yourself/i.test(m.content))).toBe(false);
    expect((await counts()).unsafe).toBe(before.unsafe + 1);
  });
});

describe('/api/safety/country and /api/safety/crisis-lines', () => {
  it('refuses signed out (401), malformed (400) and a country without lines (400)', async () => {
    expect((await call(t, 'PUT', '/api/safety/country', { json: { country: 'US' } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/safety/crisis-lines')).status).toBe(401);
    for (const json of ['x', {}, { country: 'usa' }, { country: 5 }]) {
      expect((await call(t, 'PUT', '/api/safety/country', { user: me, json })).status).toBe(400);
    }
    const none = await call(t, 'PUT', '/api/safety/country', { user: me, json: { country: 'FR' } });
    expect(none.status).toBe(400);
    expect((await call(t, 'PUT', '/api/safety/country', { user: me, json: { country: null } })).status).toBe(
      200,
    );
  });
});

describe("the owner's counts", () => {
  it('per month as JSON and CSV, counts only, for the owner alone', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const { referrals, unsafe } = await counts();
    const json = await (await call(t, 'GET', '/api/admin/safety-counts', { user: owner })).json();
    expect(json.months).toEqual([{ month, crisisReferrals: referrals, unsafeReplies: unsafe }]);
    const csv = await call(t, 'GET', '/api/admin/safety-counts.csv', { user: owner });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toBe(
      `month,crisis_referrals,unsafe_replies_replaced\r\n${month},${referrals},${unsafe}\r\n`,
    );
    for (const url of ['/api/admin/safety-counts', '/api/admin/safety-counts.csv']) {
      expect((await call(t, 'GET', url)).status).toBe(401);
      expect((await call(t, 'GET', url, { user: me })).status).toBe(403);
    }
  });
});

describe('/safety-protocol', () => {
  it('is public, ships a protocol naming the lines, and the operator replaces it with DATA_DIR/safety.md', async () => {
    const shipped = await (await t.app.request('/safety-protocol')).json();
    expect(shipped.isCustom).toBe(false);
    expect(shipped.markdown).toContain('# Safety on Kindred');
    expect(shipped.markdown).toContain('988');
    expect(shipped.markdown).toContain('116 123');
    writeFileSync(path.join(t.config.dataDir, 'safety.md'), '# Our protocol\n\nCall us.');
    const custom = await (await t.app.request('/safety-protocol')).json();
    expect(custom).toEqual({ markdown: '# Our protocol\n\nCall us.', isCustom: true });
  });
});
