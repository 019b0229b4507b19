// Group chat calls: read one, start one, change members and who answers, write in it.
import { queryOptions } from '@tanstack/react-query';
import type { TGroupChat, TGroupMessageResult, TReplyOrder } from '../../../shared/groups.ts';
import { api } from '../../lib/api.ts';

export const groupQuery = (uuid: string) =>
  queryOptions({ queryKey: ['group', uuid], queryFn: () => api<TGroupChat>(`/api/groups/${uuid}`) });

export const startGroup = (characterIds: number[]) =>
  api<TGroupChat>('/api/groups', { method: 'POST', json: { characterIds } });

export const addMember = (uuid: string, characterId: number) =>
  api<TGroupChat>(`/api/groups/${uuid}/members`, { method: 'POST', json: { characterId } });

export const removeMember = (uuid: string, characterId: number) =>
  api<TGroupChat>(`/api/groups/${uuid}/members/${characterId}`, { method: 'DELETE' });

export const changeMember = (
  uuid: string,
  characterId: number,
  patch: { isMuted?: boolean; talkativeness?: number },
) => api<TGroupChat>(`/api/groups/${uuid}/members/${characterId}`, { method: 'PATCH', json: patch });

export const setReplyOrder = (uuid: string, replyOrder: TReplyOrder) =>
  api<TGroupChat>(`/api/groups/${uuid}`, { method: 'PATCH', json: { replyOrder } });

export const writeInGroup = (
  uuid: string,
  body: { userInput: string; memoryEnabled: boolean; kind: string },
) => api<TGroupMessageResult>(`/api/groups/${uuid}/messages`, { method: 'POST', json: body });
