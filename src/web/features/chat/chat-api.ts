// The chat screen's server calls: queries for TanStack Query and the streamed reply call.
import { queryOptions } from '@tanstack/react-query';
import type { TPersona } from '../../../shared/characters.ts';
import type {
  TChatLog,
  TChatLogSummary,
  TDailyUsage,
  TReplyError,
  TReplyRequest,
  TReplyResponse,
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
 * Sends a message and reads the reply as Server-Sent Events. Resolves with the full response (partial
 * when stopped through `signal`); rejects with ReplyError when refused or when the model failed.
 */
export async function streamReply(
  path: string,
  body: TReplyRequest | TReplyAgain | TGroupTurn,
  handlers: TReplyHandlers,
  signal: AbortSignal,
): Promise<TReplyResponse | null> {
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

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.replace(/^data: ?/, ''))
          .join('\n');
        if (data === '') continue;
        const payload = JSON.parse(data);
        if (event === 'start') handlers.onStart(payload as TReplyStart);
        else if (event === 'thoughts') handlers.onThoughts((payload as { text: string }).text);
        else if (event === 'delta') handlers.onDelta((payload as { text: string }).text);
        else if (event === 'audio') handlers.onAudio?.(payload as TReplyAudio);
        else if (event === 'done') return payload as TReplyResponse;
        else if (event === 'error') throw new ReplyError(502, payload as TReplyError);
      }
    }
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  }
  if (signal.aborted) return null;
  throw new ReplyError(502, { code: 'incomplete', message: 'The reply was cut off. Please try again.' });
}
