// The conversation controls' server calls: greetings, edit, swipe, rewind, rate, and the streamed
// regenerate and continue (read by the same stream reader as a sent message).
import { queryOptions } from '@tanstack/react-query';
import type { TChatLog, TReplyDone } from '../../../shared/chat.ts';
import type { TGreetings, TRating, TReplyAgain } from '../../../shared/controls.ts';
import { api } from '../../lib/api.ts';
import { streamReply, type TReplyHandlers } from './chat-api.ts';

export const greetingsQuery = (characterId: number) =>
  queryOptions({
    queryKey: ['greetings', characterId],
    queryFn: () => api<TGreetings>(`/api/character-personas/${characterId}/greetings`),
    staleTime: 5 * 60_000,
  });

export const startWithGreeting = (characterId: number, greetingIndex: number) =>
  api<TChatLog>('/api/chatlogs/greeting', { method: 'POST', json: { characterId, greetingIndex } });

const messageUrl = (uuid: string, position: number, action = '') =>
  `/api/chatlogs/${uuid}/messages/${position}${action ? `/${action}` : ''}`;

export const editMessage = (uuid: string, position: number, content: string) =>
  api<TChatLog>(messageUrl(uuid, position), { method: 'PUT', json: { content } });

export const chooseAlternative = (uuid: string, position: number, index: number) =>
  api<TChatLog>(messageUrl(uuid, position, 'choice'), { method: 'PUT', json: { index } });

/** `forget`: the memories made from the rewound messages go too. */
export const rewindFrom = (uuid: string, position: number, forget = false) =>
  api<TChatLog>(`${messageUrl(uuid, position)}${forget ? '?forget=true' : ''}`, { method: 'DELETE' });

export const rateMessage = (uuid: string, position: number, rating: TRating) =>
  api<TChatLog>(messageUrl(uuid, position, 'rating'), { method: 'PUT', json: { rating } });

/** Regenerate or continue the latest reply, streamed like a sent message. */
export const replyAgain = (
  action: 'regenerate' | 'continue',
  uuid: string,
  position: number,
  body: TReplyAgain,
  handlers: TReplyHandlers,
  signal: AbortSignal,
): Promise<TReplyDone | null> => streamReply(messageUrl(uuid, position, action), body, handlers, signal);
