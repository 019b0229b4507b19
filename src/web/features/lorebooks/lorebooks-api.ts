// The lorebook screens' server calls: a person's books, one book with its entries, a character's own
// book, and the books attached to a chat.
import { queryOptions } from '@tanstack/react-query';
import type {
  TLorebook,
  TLorebookInput,
  TLorebookPatch,
  TLorebookSummary,
  TLoreEntry,
  TLoreEntryInput,
} from '../../../shared/lorebooks.ts';
import { api } from '../../lib/api.ts';

export const lorebooksQuery = queryOptions({
  queryKey: ['lorebooks'],
  queryFn: () => api<TLorebookSummary[]>('/api/lorebooks'),
});

export const lorebookQuery = (id: number) =>
  queryOptions({
    queryKey: ['lorebook', id],
    queryFn: () => api<TLorebook>(`/api/lorebooks/${id}`),
  });

export const characterLorebookQuery = (characterId: number) =>
  queryOptions({
    queryKey: ['character-lorebook', characterId],
    queryFn: () =>
      api<{ lorebook: TLorebook | null }>(`/api/character-personas/${characterId}/lorebook`).then(
        (r) => r.lorebook,
      ),
  });

export const chatLorebooksQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['chat-lorebooks', uuid],
    queryFn: () =>
      api<{ lorebookIds: number[] }>(`/api/chatlogs/${uuid}/lorebooks`).then((r) => r.lorebookIds),
  });

export const createLorebook = (input: TLorebookInput) =>
  api<TLorebook>('/api/lorebooks', { method: 'POST', json: input });

export const updateLorebook = (id: number, patch: TLorebookPatch) =>
  api<TLorebook>(`/api/lorebooks/${id}`, { method: 'PATCH', json: patch });

export const deleteLorebook = (id: number) => api<unknown>(`/api/lorebooks/${id}`, { method: 'DELETE' });

export const startCharacterLorebook = (characterId: number) =>
  api<TLorebook>(`/api/character-personas/${characterId}/lorebook`, { method: 'POST' });

export const addEntry = (bookId: number, entry: TLoreEntryInput) =>
  api<TLoreEntry>(`/api/lorebooks/${bookId}/entries`, { method: 'POST', json: entry });

export const saveEntry = (bookId: number, entryId: number, entry: TLoreEntryInput) =>
  api<TLoreEntry>(`/api/lorebooks/${bookId}/entries/${entryId}`, { method: 'PUT', json: entry });

export const deleteEntry = (bookId: number, entryId: number) =>
  api<unknown>(`/api/lorebooks/${bookId}/entries/${entryId}`, { method: 'DELETE' });

export function importWorldInfo(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<TLorebook>('/upload/lorebook', { method: 'POST', body: form });
}

export const setAttached = (uuid: string, bookId: number, isAttached: boolean) =>
  api<{ lorebookIds: number[] }>(`/api/chatlogs/${uuid}/lorebooks/${bookId}`, {
    method: isAttached ? 'PUT' : 'DELETE',
  }).then((r) => r.lorebookIds);
