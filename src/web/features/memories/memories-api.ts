// The memory calls for TanStack Query: the drawer, /profile's cards and the notifications bell.
import { queryOptions } from '@tanstack/react-query';
import type { TCheckInItem, TMemory } from '../../../shared/memories.ts';
import { api } from '../../lib/api.ts';

export const memoriesQuery = (userId: number, characterId: number) =>
  queryOptions({
    queryKey: ['memories', userId, characterId],
    queryFn: () => api<TMemory[]>(`/api/memories/getmemories?userId=${userId}&characterId=${characterId}`),
    // Memories are made in the background after a reply: always ask again.
    staleTime: 0,
  });

/** The memories a reply was given, as they are now. */
export const replyMemoriesQuery = (hist: string, position: number) =>
  queryOptions({
    queryKey: ['memories', 'reply', hist, position],
    staleTime: 0,
    queryFn: () => api<TMemory[]>(`/api/memories/reply?hist=${hist}&position=${position}`),
  });

export const recentMemoriesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['memories', userId, 'last3'],
    staleTime: 0,
    queryFn: () => api<TMemory[]>(`/api/memories/last3?userId=${userId}`),
  });

export const totalMemoriesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['memories', userId, 'total'],
    staleTime: 0,
    queryFn: () => api<{ totalMemories: number }>(`/api/memories/total?userId=${userId}`),
  });

export const topTopicsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['memories', userId, 'top-topics'],
    staleTime: 0,
    queryFn: () => api<{ topics: string[] }>(`/api/memories/top-topics?userId=${userId}`),
  });

export const totalChatsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['chatlogs', userId, 'total'],
    queryFn: () => api<{ totalChats: number }>(`/api/chatlogs/user/total?userId=${userId}`),
  });

/** Check-ins arrive in the background: the bell looks again every 15 s. */
export const checkInsQuery = queryOptions({
  queryKey: ['check-ins'],
  staleTime: 0,
  queryFn: () => api<TCheckInItem[]>('/api/memories/check-ins'),
  refetchInterval: 15_000,
});

export const deleteMemory = (id: number) =>
  api<{ message: string }>(`/api/memories/${id}`, { method: 'DELETE' });

export const setPinned = (id: number, pinned: boolean) =>
  api<TMemory>(`/api/memories/${id}/pin`, { method: 'PUT', json: { pinned } });

/** The person rewrites a memory (re-embedded on the server; what it said before becomes its history). */
export const editMemory = (id: number, text: string) =>
  api<TMemory>(`/api/memories/${id}`, { method: 'PATCH', json: { text } });

export const addMemory = (body: { characterId: number; content: string; reply?: string }) =>
  api<TMemory>('/api/memories', { method: 'POST', json: body });

export const searchMemories = (body: { userId: number; query: string; characterId?: number }) =>
  api<TMemory[]>('/assistant-memories-search', { method: 'POST', json: body });

export const saveTimeZone = (timeZone: string) =>
  api<{ timeZone: string }>('/api/memories/time-zone', { method: 'PUT', json: { timeZone } });
