// Lorebooks in replies: a real SillyTavern-shaped card's book reaches the model's prompt when a key is
// named (and only then), on send, regenerate and continue; the reply shows the entries it was given.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TChatLog, TReplyResponse } from '../../shared/chat.ts';
import type { TLorebook } from '../../shared/lorebooks.ts';
import { redoReply } from '../../test-support/message-calls.ts';
import { seraphinaCard } from '../../test-support/seraphina-card.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';

const SERAPHINE = 1;
const SHADOWFANGS = 'Shadowfangs are wolf-like beasts of smoke and hunger';
const ELDORIA = 'Eldoria is an ancient forest of silver birches';
const GLADE = 'The glade is a sanctuary warded';

const t = setUpReplyTestApp();
const me = setUpPerson(t, { name: 'Ada' });
let characterId: number;

beforeAll(async () => {
  const form = new FormData();
  form.append('card', new File([JSON.stringify(seraphinaCard)], 'Seraphina.json'));
  const res = await call(t, 'POST', '/upload/character-card', { user: me, body: form });
  expect(res.status).toBe(201);
  characterId = ((await res.json()) as { id: number }).id;
});

const lastPrompt = () => {
  const request = t.fake.requests.filter((r) => r.stream).at(-1);
  return (request?.messages ?? []).map((m) => m.content).join('\n---\n');
};

async function send(userInput: string, hist?: string, character = characterId): Promise<TReplyResponse> {
  const res = await call(t, 'POST', '/assistant-reply-openai', {
    user: me,
    json: { userId: me.id, characterId: character, userInput, hist, memoryEnabled: false },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TReplyResponse;
}

describe('lorebook entries in replies', () => {
  it("an imported card's entry reaches the prompt when its key is named; an unnamed one stays out", async () => {
    const first = await send('Hello there, who are you?');
    expect(lastPrompt()).not.toContain(SHADOWFANGS);
    expect(first.lore).toBeUndefined();

    const reply = await send('I was running from the shadowfangs when I fell.', first.hist);
    const prompt = lastPrompt();
    expect(prompt).toContain(SHADOWFANGS);
    expect(prompt).not.toContain(ELDORIA);
    expect(prompt).not.toContain(GLADE);
    // Placed where the entry says: before the character definition (in the system message, before it).
    const system = t.fake.requests.filter((r) => r.stream).at(-1)?.messages[0]?.content ?? '';
    expect(system.indexOf(SHADOWFANGS)).toBeLessThan(system.indexOf('guardian of Eldoria'));
    expect(reply.lore).toEqual([
      expect.objectContaining({ comment: 'Shadowfangs', bookName: "Seraphina's Lore" }),
    ]);

    // The reply shows what it was given when the chat is read again.
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${reply.hist}`, { user: me })
    ).json()) as TChatLog;
    const stored = log.conversation.at(-1);
    expect(stored?.role).toBe('assistant');
    expect(stored?.lore?.map((l) => l.comment)).toEqual(['Shadowfangs']);
  });

  it('regenerate and continue scan again and place the entries', async () => {
    const reply = await send('Tell me about this glade.');
    expect(lastPrompt()).toContain(GLADE);
    const position = 1;
    await redoReply(t, me, reply.hist, position, 'regenerate');
    expect(lastPrompt()).toContain(GLADE);
    await redoReply(t, me, reply.hist, position, 'continue');
    expect(lastPrompt()).toContain(GLADE);
  });

  it("a person's always-on book and a book attached to a chat apply; a book of theirs not attached does not", async () => {
    const make = async (name: string, key: string, content: string, alwaysOn = false) => {
      const book = (await (
        await call(t, 'POST', '/api/lorebooks', { user: me, json: { name, alwaysOn } })
      ).json()) as TLorebook;
      await call(t, 'POST', `/api/lorebooks/${book.id}/entries`, {
        user: me,
        json: { keys: [key], content },
      });
      return book;
    };
    await make('Always', 'teapot', 'ALWAYS-ON: the teapot is enchanted.', true);
    const attached = await make('Attached', 'teapot', 'ATTACHED: the teapot sings.');
    await make('Unattached', 'teapot', 'UNATTACHED: never shown.');
    const first = await send('Is that a teapot?', undefined, SERAPHINE);
    expect(lastPrompt()).toContain('ALWAYS-ON');
    expect(lastPrompt()).not.toContain('ATTACHED: the teapot sings.');
    expect(
      (await call(t, 'PUT', `/api/chatlogs/${first.hist}/lorebooks/${attached.id}`, { user: me })).status,
    ).toBe(200);
    await send('The teapot again!', first.hist, SERAPHINE);
    expect(lastPrompt()).toContain('ALWAYS-ON');
    expect(lastPrompt()).toContain('ATTACHED: the teapot sings.');
    expect(lastPrompt()).not.toContain('UNATTACHED');
  });

  it("a built-in character's shipped book works in its chats", async () => {
    await send('How is Thistle today?', undefined, SERAPHINE);
    expect(lastPrompt()).toContain('stubborn grey mare');
    expect(lastPrompt()).not.toContain('Harrow Gate is the northern fortress');
  });
});
