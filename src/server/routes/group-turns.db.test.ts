// Group chats through their calls: who answers in each reply order, a character's turn (its prompt, storing,
// streaming), regenerate and continue, and the free daily limit. Starting, reading and members:
// groups.db.test.ts.
import { describe, expect, it } from 'vitest';
import type { TChatLog, TReplyResponse } from '../../shared/chat.ts';
import { JUNIPER, LUCA, ROOK, SERAPHINE, setUpGroupTest } from '../../test-support/group-calls.ts';
import { redoReply } from '../../test-support/message-calls.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';

const { t, me, lastPrompt, promptText, startGroup, write, turn, setTalkativeness } = setUpGroupTest();

describe('who answers and their turns', () => {
  it('natural order: the characters named answer; each turn streams the speaker with its own prompt', async () => {
    const group = await startGroup([SERAPHINE, ROOK, JUNIPER]);
    for (const id of [SERAPHINE, ROOK, JUNIPER]) await setTalkativeness(group.uuid, id, 0);
    const planned = await write(group.uuid, 'Rook and Juniper, what do you make of this map?');
    expect(planned.speakers).toEqual([ROOK, JUNIPER]);

    const first = await turn(group.uuid, ROOK);
    expect(first.status).toBe(200);
    const reply = (await first.json()) as TReplyResponse;
    expect(reply.reply).toContain('I hear you');
    // Rook's definition, a line per other member, the person's message attributed by name.
    const system = lastPrompt()[0]?.content ?? '';
    expect(system).toContain('You are Rook, a gentleman thief');
    expect(system).not.toContain('You are Seraphine');
    expect(system).toMatch(/- Seraphine Vale: /);
    expect(system).toMatch(/- Juniper Hale: /);
    expect(promptText()).toContain('user: Ada: Rook and Juniper, what do you make of this map?');

    await (await turn(group.uuid, JUNIPER)).text();
    // Juniper sees Rook's reply as his, by name; her own prompt is hers.
    expect(lastPrompt()[0]?.content).toContain('Juniper');
    expect(promptText()).toContain(`user: Rook: ${reply.reply}`);

    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.map((m) => [m.role, m.speakerId])).toEqual([
      ['user', undefined],
      ['assistant', ROOK],
      ['assistant', JUNIPER],
    ]);
  });

  it('streams with the speaker in the start event; auto turns pass to someone else', async () => {
    const group = await startGroup([SERAPHINE, ROOK]);
    await write(group.uuid, 'Hello you two');
    const streamed = await call(t, 'POST', `/api/groups/${group.uuid}/turn`, {
      user: me,
      json: { characterId: SERAPHINE, memoryEnabled: false },
      headers: { accept: 'text/event-stream' },
    });
    const text = await streamed.text();
    expect(text).toMatch(/event: start\ndata: .*"speakerId":1/);
    expect(text).toContain('event: done');
    // The next turn in auto-mode goes to Rook (Seraphine spoke last).
    await (await turn(group.uuid)).text();
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.at(-1)?.speakerId).toBe(ROOK);
  });

  it('list, pooled and manual orders; a turn for a non-member is 404; all muted is 409', async () => {
    const group = await startGroup([SERAPHINE, ROOK, JUNIPER], me, 'list');
    expect((await write(group.uuid, 'Everyone?')).speakers).toEqual([SERAPHINE, ROOK, JUNIPER]);
    await call(t, 'PATCH', `/api/groups/${group.uuid}`, { user: me, json: { replyOrder: 'manual' } });
    expect((await write(group.uuid, 'Rook?')).speakers).toEqual([]);
    await call(t, 'PATCH', `/api/groups/${group.uuid}`, { user: me, json: { replyOrder: 'pooled' } });
    expect((await write(group.uuid, 'Someone?')).speakers).toHaveLength(1);

    expect((await turn(group.uuid, LUCA)).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/groups/${group.uuid}/turn`, { user: me, json: { characterId: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t, 'POST', `/api/groups/${group.uuid}/messages`, { user: me, json: { userInput: '  ' } }))
        .status,
    ).toBe(400);
    for (const id of [SERAPHINE, ROOK, JUNIPER]) {
      await call(t, 'PATCH', `/api/groups/${group.uuid}/members/${id}`, {
        user: me,
        json: { isMuted: true },
      });
    }
    expect((await turn(group.uuid)).status).toBe(409);
  });

  it("regenerate and continue on a group reply use its speaker's definition", async () => {
    const group = await startGroup([SERAPHINE, ROOK]);
    await write(group.uuid, 'Rook, a riddle please');
    await (await turn(group.uuid, ROOK)).text();
    await redoReply(t, me, group.uuid, 1, 'regenerate');
    expect(lastPrompt()[0]?.content).toContain('You are Rook');
    expect(lastPrompt()[0]?.content).toMatch(/- Seraphine Vale/);
    await redoReply(t, me, group.uuid, 1, 'continue');
    expect(lastPrompt()[0]?.content).toContain('You are Rook');
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation[1]).toMatchObject({ speakerId: ROOK, alternativeCount: 2 });
  });

  it('each character reply counts against the free daily limit: 429 past it, nothing stored', async () => {
    const free = await createSignedInUser(t.database, { name: 'Cy' });
    const group = await startGroup([SERAPHINE, ROOK], free);
    await write(group.uuid, 'Talk to each other', free);
    for (let i = 0; i < 3; i++) expect((await turn(group.uuid, undefined, free)).status).toBe(200);
    const refused = await turn(group.uuid, undefined, free);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: free })
    ).json()) as TChatLog;
    expect(log.conversation).toHaveLength(4);
  });
});
