import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyError, streamReply } from './chat-api.ts';

const body = { userId: 1, characterId: 1, userInput: 'Hi' };

/** A fetch answering with `chunks` as a streamed body, split wherever the test likes. */
function answerWith(chunks: string[], init: ResponseInit = { status: 200 }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      return new Response(stream, init);
    }),
  );
}

function handlers() {
  const seen: string[] = [];
  return {
    seen,
    onStart: (s: { hist: string }) => seen.push(`start:${s.hist}`),
    onThoughts: (t: string) => seen.push(`thoughts:${t}`),
    onDelta: (t: string) => seen.push(`delta:${t}`),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('streamReply', () => {
  it('reads events split anywhere across chunks and resolves with the done event', async () => {
    const events = [
      'event: start\ndata: {"hist":"h1","uuid":"h1","remaining":3}\n\n',
      'event: thoughts\ndata: {"text":"Hmm."}\n\n',
      'event: delta\ndata: {"text":"Hello"}\n\n',
      'event: delta\ndata: {"text":" there"}\n\n',
      'event: done\ndata: {"reply":"Hello there","hist":"h1"}\n\n',
    ].join('');
    answerWith([events.slice(0, 7), events.slice(7, 50), events.slice(50, 51), events.slice(51)]);
    const h = handlers();
    const done = await streamReply('/assistant-reply-openai', body, h, new AbortController().signal);
    expect(h.seen).toEqual(['start:h1', 'thoughts:Hmm.', 'delta:Hello', 'delta: there']);
    expect(done).toMatchObject({ reply: 'Hello there', hist: 'h1' });
  });

  it('a 429 rejects with the server body (the Daily Limit panel opens on it)', async () => {
    answerWith(['{"code":"rate_limited","message":"No more today","resetAt":"2025-01-01T00:00:00.000Z"}'], {
      status: 429,
    });
    const promise = streamReply('/x', body, handlers(), new AbortController().signal);
    await expect(promise).rejects.toBeInstanceOf(ReplyError);
    await expect(promise).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'No more today',
    });
  });

  it('an error event rejects with its code and the stored chat', async () => {
    answerWith([
      'event: start\ndata: {"hist":"h2","uuid":"h2","remaining":null}\n\n',
      'event: error\ndata: {"code":"model_failed","message":"Try again","hist":"h2"}\n\n',
    ]);
    await expect(streamReply('/x', body, handlers(), new AbortController().signal)).rejects.toMatchObject({
      code: 'model_failed',
      body: { hist: 'h2' },
    });
  });

  it('a stream that ends without done is an error; an aborted one resolves null', async () => {
    answerWith(['event: delta\ndata: {"text":"Hel"}\n\n']);
    await expect(streamReply('/x', body, handlers(), new AbortController().signal)).rejects.toMatchObject({
      code: 'incomplete',
    });
    const stop = new AbortController();
    stop.abort();
    answerWith(['event: delta\ndata: {"text":"Hel"}\n\n']);
    expect(await streamReply('/x', body, handlers(), stop.signal)).toBeNull();
  });
});
