// The embedded model's download state from /api/models, polled every second while a download runs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAbortDownloadResponse,
  TModelsStatus,
  TStartDownloadResponse,
} from '../../../shared/models.ts';
import { api } from '../../lib/api.ts';

export const modelsStatusQuery = queryOptions({
  queryKey: ['models', 'status'],
  queryFn: () => api<TModelsStatus>('/api/models/status'),
  refetchInterval: (query) => (query.state.data?.embedded.download.state === 'downloading' ? 1000 : false),
});

export function useModelDownload() {
  const queryClient = useQueryClient();
  const status = useQuery(modelsStatusQuery);
  const keep = ({ embedded }: TModelsStatus) =>
    queryClient.setQueryData(modelsStatusQuery.queryKey, { embedded });
  const start = useMutation({
    mutationFn: () => api<TStartDownloadResponse>('/api/models/download', { method: 'POST' }),
    onSuccess: keep,
  });
  const cancel = useMutation({
    mutationFn: () => api<TAbortDownloadResponse>('/api/models/download', { method: 'DELETE' }),
    onSuccess: keep,
  });
  return { status, start, cancel };
}
