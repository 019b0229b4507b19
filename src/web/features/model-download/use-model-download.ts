// The embedded model's download state from /api/models, polled every second while a download runs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAbortDownloadResponse,
  TModelChoice,
  TModelsStatus,
  TModelsStatusResponse,
  TStartDownloadResponse,
} from '../../../shared/models.ts';
import { api } from '../../lib/api.ts';

export const modelsStatusQuery = queryOptions({
  queryKey: ['models', 'status'],
  queryFn: () => api<TModelsStatusResponse>('/api/models/status'),
  refetchInterval: (query) =>
    query.state.data?.embedded.download.state === 'downloading' ||
    query.state.data?.choices?.some((c) => c.download.state === 'downloading')
      ? 1000
      : false,
});

export function useModelDownload() {
  const queryClient = useQueryClient();
  const status = useQuery(modelsStatusQuery);
  const keep = ({ embedded, choices }: TModelsStatus) =>
    queryClient.setQueryData(modelsStatusQuery.queryKey, (old) => ({
      hasChatModel: old?.hasChatModel ?? false,
      embedded,
      choices,
    }));
  const start = useMutation({
    mutationFn: (model: TModelChoice['id'] | undefined) =>
      api<TStartDownloadResponse>(`/api/models/download${model ? `?model=${model}` : ''}`, {
        method: 'POST',
      }),
    onSuccess: keep,
  });
  const cancel = useMutation({
    mutationFn: () => api<TAbortDownloadResponse>('/api/models/download', { method: 'DELETE' }),
    onSuccess: keep,
  });
  return { status, start, cancel };
}
