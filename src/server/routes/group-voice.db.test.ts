// A group reply with voice playback on is spoken in its speaker's own voice and kept with the reply.
import { describe, expect, it } from 'vitest';
import type { TChatLog, TReplyResponse } from '../../shared/chat.ts';
import type { TGroupChat } from '../../shared/groups.ts';
import { setUpFliteEngine, setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';

// Built-in: Seraphine Vale 1 (voice slt), Rook 3 (voice awb).
const [SERAPHINE, ROOK] = [1, 3];
const t = setUpReplyTestApp({}, { voice: setUpFliteEngine() });
const me = setUpPerson(t, { name: 'Ada' });

describe('a group reply with voice playback on', () => {
  it("is spoken in the speaker's voice, not the group's first character's", async () => {
    const group = (await (
      await call(t, 'POST', '/api/groups', { user: me, json: { characterIds: [SERAPHINE, ROOK] } })
    ).json()) as TGroupChat;
    await call(t, 'POST', `/api/groups/${group.uuid}/messages`, {
      user: me,
      json: { userInput: 'Rook, sing', memoryEnabled: false },
    });
    const res = await call(t, 'POST', `/api/groups/${group.uuid}/turn`, {
      user: me,
      json: { characterId: ROOK, isPlayingAudio: true, memoryEnabled: false },
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as TReplyResponse;
    expect(reply.audioUrl).toMatch(/^\/media\/audio\//);
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.at(-1)).toMatchObject({ speakerId: ROOK, audioUrl: reply.audioUrl });
    // The same words in each voice: Rook's is the reply's file, Seraphine's another.
    const speak = async (characterId: number) =>
      (
        (await (
          await call(t, 'POST', '/api/voice/speak', { user: me, json: { characterId, text: reply.reply } })
        ).json()) as { audioUrl: string }
      ).audioUrl;
    expect(await speak(ROOK)).toBe(reply.audioUrl);
    expect(await speak(SERAPHINE)).not.toBe(reply.audioUrl);
  });
});
