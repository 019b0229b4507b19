// Not a router: the answer every reply call gives (send, regenerate, continue, a group's turn), as JSON or
// as Server-Sent Events, and the reply services' dependencies taken from the request.
import type { TReplyError, TReplyStreamEvent } from '../../shared/chat.ts';
import type { TModelSet } from '../ai/model-set.ts';
import type { TPlanTable } from '../billing/plans.ts';
import type { TDb } from '../db/client.ts';
import type { TAppContext } from '../lib/http.ts';
import { streamEvents } from '../lib/sse.ts';
import { DailyLimitReachedError } from '../services/chat/daily-limit.ts';
import type { TReplyRun } from '../services/chat/stream-reply.ts';
import type { TMemoryService } from '../services/memories/memory-service.ts';
import type { TSafety } from '../services/safety/crisis-care.ts';
import { speakReply, type TSpokenReplyEvent } from '../services/voice/speak-reply.ts';
import type { TVoiceDeps } from '../services/voice/voice-store.ts';

/** What the reply calls (assistant, messages, groups) need. */
export type TReplyDeps = {
  db: TDb;
  models: TModelSet;
  plans: TPlanTable;
  voice?: TVoiceDeps;
  memory?: TMemoryService;
  safety?: TSafety;
};

/** The reply services' dependencies for this request (its logger). */
export const replyServices = (c: TAppContext, deps: TReplyDeps) => ({
  db: deps.db,
  models: deps.models,
  plans: deps.plans,
  log: c.get('log'),
  memory: deps.memory,
  safety: deps.safety,
});

/** Whether and how a reply is spoken as it streams (voice playback on, and an engine configured). */
export type TReplySpeech = { deps?: TVoiceDeps; isOn?: boolean; userId: number };

/**
 * Runs a reply (a send, a regenerate, a continue) and answers with its JSON, or streams it as Server-Sent
 * Events when asked; 429 when the day's messages are used up.
 */
export async function replyResponse(
  c: TAppContext,
  begin: (signal: AbortSignal) => Promise<TReplyRun>,
  speech?: TReplySpeech,
) {
  const stop = new AbortController();
  // The client going away (closing the tab, the stop button) stops the model; what arrived is kept.
  // A listener rather than AbortSignal.any, which costs every reply a signal kept alive through weak
  // references (the request's signal lives exactly as long as the request).
  const request = c.req.raw.signal;
  if (request.aborted) stop.abort(request.reason);
  else request.addEventListener('abort', () => stop.abort(request.reason), { once: true });
  const signal = stop.signal;

  let run: TReplyRun;
  try {
    run = await begin(signal);
  } catch (error) {
    if (error instanceof DailyLimitReachedError) {
      const limited: TReplyError = {
        code: error.code,
        message: error.message,
        remaining: 0,
        resetAt: error.resetAt.toISOString(),
      };
      return c.json(limited, 429, error.headers);
    }
    throw error;
  }

  // Voice: with playback on, the reply's sentences are spoken as they are written (`audio` events).
  const events =
    speech?.deps && speech.isOn
      ? speakReply(speech.deps, run.events, {
          userId: speech.userId,
          characterId: run.characterId,
          log: c.get('log'),
        })
      : run.events;
  const isStreaming = (c.req.header('accept') ?? '').includes('text/event-stream');
  if (!isStreaming) {
    for await (const event of events) {
      if (event.type === 'done') return c.json(event.response);
      if (event.type === 'error') return c.json(event.error, event.status);
    }
    throw new Error('The reply ended without a result');
  }

  // The model is asked now, while the response's head goes out: its first words wait for neither. (Read
  // below; a failure meanwhile is not unhandled.)
  const first = events.next();
  first.catch(() => {});
  return streamEvents(
    c,
    async (stream) => {
      // After a disconnect the run goes on to store what arrived; only the writing stops.
      stream.onAbort(() => stop.abort());
      const send = (event: TReplyStreamEvent) => stream.send(event);
      await send({ event: 'start', data: run.start });
      let next = await first;
      try {
        for (; !next.done; next = await events.next()) {
          // send() returns a promise only when the socket is full: awaiting nothing costs a tick per delta.
          const event = next.value;
          const full =
            event.type === 'delta' || event.type === 'thoughts'
              ? stream.sendText(event.type, event.text)
              : send(toStreamEvent(event));
          if (full) await full;
        }
      } finally {
        // As for-await would: a run left early is closed.
        if (!next.done) await events.return(undefined);
      }
    },
    async (error, stream) => {
      c.get('log')?.error({ err: error }, 'reply stream failed');
      const failed: TReplyStreamEvent = {
        event: 'error',
        data: { code: 'internal', message: 'Something went wrong on our side' },
      };
      await stream.send(failed);
    },
  );
}

/** A reply's event as the Server-Sent Event the browser reads (shared/chat.ts' TReplyStreamEvent). */
function toStreamEvent(event: TSpokenReplyEvent): TReplyStreamEvent {
  switch (event.type) {
    case 'thoughts':
    case 'delta':
      return { event: event.type, data: { text: event.text } };
    case 'audio':
      return { event: 'audio', data: event.data };
    case 'done':
      return { event: 'done', data: { ...event.response, ...event.positions } };
    case 'error':
      return { event: 'error', data: event.error };
  }
}
