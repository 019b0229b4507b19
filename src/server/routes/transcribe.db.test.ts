import { describe, expect, it } from 'vitest';
import { startFakeTranscriber } from '../../test-support/fake-speech-servers.ts';
import { setUpBuilt, setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, createTestApp } from '../../test-support/test-app.ts';

const recording = (bytes = 2048) => {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'speech.webm');
  return form;
};

describe('POST /upload/transcribe', () => {
  const server = setUpBuilt(() => startFakeTranscriber({ text: ' Hello from a recording ' }));
  const t = setUpBuilt(() => createTestApp({ STT_OPENAI_BASE_URL: `${server.url}/v1` }));
  const bare = setUpTestApp();
  const me = setUpPerson(t);

  it('posts the recording to the configured transcription service and answers its text', async () => {
    const res = await call(t, 'POST', '/upload/transcribe', { user: me, body: recording() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'Hello from a recording' });
    expect(server.requests.at(-1)!.headers['content-type']).toContain('multipart/form-data');
    const voices = await (await call(t, 'GET', '/api/voice/voices', { user: me })).json();
    expect(voices.canTranscribe).toBe(true);
  });

  it('refuses the signed-out, a form without the recording, and a recording too long', async () => {
    expect((await call(t, 'POST', '/upload/transcribe', { body: recording() })).status).toBe(401);
    const empty = new FormData();
    empty.append('other', 'x');
    expect((await call(t, 'POST', '/upload/transcribe', { user: me, body: empty })).status).toBe(400);
    expect(
      (await call(t, 'POST', '/upload/transcribe', { user: me, body: recording(4 * 1024 * 1024 + 1) }))
        .status,
    ).toBe(413);
  });

  it('is not found when no transcription service is configured', async () => {
    const someone = await createSignedInUser(bare.database);
    const res = await call(bare, 'POST', '/upload/transcribe', { user: someone, body: recording() });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Speech transcription is not configured');
  });
});
