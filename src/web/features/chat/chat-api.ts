// The chat screen's server calls: queries for TanStack Query and the streamed reply call.
import { queryOptions } from '@tanstack/react-query';
import type { TPersona } from '../../../shared/characters.ts';
import type {
  TChatLog,
  TChatLogSummary,
  TDailyUsage,
  TReplyDone,
  TReplyError,
  TReplyRequest,
  TReplyStart,
} from '../../../shared/chat.ts';
import type { TReplyAgain } from '../../../shared/controls.ts';
import type { TGroupTurn } from '../../../shared/groups.ts';
import type { TReplyAudio } from '../../../shared/voice.ts';
import { ApiError, api } from '../../lib/api.ts';

export const personaQuery = (characterId: number) =>
  queryOptions({
    queryKey: ['persona', characterId],
    queryFn: async () => {
      const list = await api<TPersona[]>(`/api/character-personas/${characterId}`);
      const persona = list[0];
      if (!persona) throw new ApiError(404, 'not_found', 'Character not found');
      return persona;
    },
    staleTime: 5 * 60_000,
  });

/** Spec: the health check decides the reply path once; a failed check leaves it unset (sending blocked). */
export const replyPathQuery = queryOptions({
  queryKey: ['ollama-health'],
  queryFn: async () => {
    const { healthy } = await api<{ healthy: boolean }>('/ollama-health');
    return healthy ? '/assistant-reply-original' : '/assistant-reply-openai';
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export const usageQuery = queryOptions({
  queryKey: ['assistant-usage'],
  queryFn: () => api<TDailyUsage>('/assistant-usage'),
  staleTime: 60_000,
});

export const chatLogsQuery = (userId: number, characterId: number) =>
  queryOptions({
    queryKey: ['chatlogs', userId, characterId],
    queryFn: () =>
      api<TChatLogSummary[]>(`/api/chatlogs/filtered?userId=${userId}&characterId=${characterId}`),
  });

export const chatLogPage = (uuid: string, before?: number) =>
  api<TChatLog>(`/api/chatlogs/${uuid}${before === undefined ? '' : `?before=${before}`}`);

export function saveChatLog(body: {
  userId: number;
  characterId: number;
  conversation: { role: 'user' | 'assistant'; content: string }[];
  source: 'text';
}) {
  return api<{ uuid: string }>('/api/chatlogs', { method: 'POST', json: body });
}

export const markChatLogRead = (uuid: string) =>
  api<unknown>(`/api/chatlogs/${uuid}`, { method: 'PUT', json: { read: true } });

/** A refused or failed reply, with what the server told (the stored chat's uuid, messages left). */
export class ReplyError extends ApiError {
  constructor(
    status: number,
    readonly body: TReplyError,
  ) {
    super(status, body.code, body.message);
  }
}

export type TReplyHandlers = {
  onStart(start: TReplyStart): void;
  onThoughts(text: string): void;
  onDelta(text: string): void;
  /** Voice: a sentence of the reply spoken while the rest is written. */
  onAudio?(audio: TReplyAudio): void;
};

/**
 * Sends a message and reads the reply as Server-Sent Events (shared/reply-stream.ts, eventsource-parser).
 * Resolves with the full response and where it is stored (null when stopped through `signal`: what
 * arrived is on screen, and the server keeps it); rejects with ReplyError when refused or when the model failed.
 */
export async function streamReply(
  path: string,
  body: TReplyRequest | TReplyAgain | TGroupTurn,
  handlers: TReplyHandlers,
  signal: AbortSignal,
): Promise<TReplyDone | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (signal.aborted) return null;
    throw new ReplyError(0, { code: 'network', message: 'Could not reach the server. Please try again.' });
  }
  if (!res.ok || !res.body) {
    const error = (await res.json().catch(() => null)) as TReplyError | null;
    throw new ReplyError(
      res.status,
      error ?? { code: 'http_error', message: `Request failed (${res.status})` },
    );
  }

  try {
    // The stream's parser is loaded with the first reply, not with the chat screen.
    const { readReplyStream } = await import('../../../shared/reply-stream.ts');
    for await (const event of readReplyStream(res.body)) {
      if (event.event === 'start') handlers.onStart(event.data);
      else if (event.event === 'thoughts') handlers.onThoughts(event.data.text);
      else if (event.event === 'delta') handlers.onDelta(event.data.text);
      else if (event.event === 'audio') handlers.onAudio?.(event.data);
      else if (event.event === 'done') return event.data;
      else throw new ReplyError(502, event.data);
    }
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  }
  if (signal.aborted) return null;
  throw new ReplyError(502, { code: 'incomplete', message: 'The reply was cut off. Please try again.' });
}
