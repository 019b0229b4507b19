// The person's chat switches (voice playback, internal monologue, character memory), kept on the server
// so a choice holds on every reload and device; the spec's defaults until the person chooses.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_SETTING_DEFAULTS, type TChatSettings } from '../../../shared/setting-defaults.ts';
import type { TChatSettingsChange } from '../../../shared/settings.ts';
import { api } from '../../lib/api.ts';

export const chatSettingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => api<TChatSettings>('/api/settings'),
  staleTime: 5 * 60_000,
});

export function useChatSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(chatSettingsQuery);
  const save = useMutation({
    mutationFn: (change: TChatSettingsChange) =>
      api<TChatSettings>('/api/settings', { method: 'PUT', json: change }),
    // The switch moves at once; the server's answer (or, on failure, a fresh read) settles it.
    onMutate: (change) => {
      const previous = queryClient.getQueryData(chatSettingsQuery.queryKey) ?? CHAT_SETTING_DEFAULTS;
      queryClient.setQueryData(chatSettingsQuery.queryKey, { ...previous, ...change });
    },
    onSuccess: (saved) => queryClient.setQueryData(chatSettingsQuery.queryKey, saved),
    onError: (error) => {
      console.error('Saving the setting failed', error);
      void queryClient.invalidateQueries({ queryKey: chatSettingsQuery.queryKey });
    },
  });
  const current = settings.data ?? CHAT_SETTING_DEFAULTS;
  return {
    ...current,
    isLoaded: settings.data !== undefined,
    change: (change: TChatSettingsChange) => save.mutate(change),
  };
}
