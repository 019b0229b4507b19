// The owner's memory model on /admin: the sentence-embedding GGUF to download, whether memory uses it, and
// the re-embed after ('Re-embedding memories: 1,234 of 5,000'), polled every second while anything runs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type {
  TEmbeddingModelStatus,
  TReembedProgress,
  TStartEmbeddingDownloadResponse,
} from '../../../shared/models.ts';
import { api } from '../../lib/api.ts';
import { DownloadBar } from './download-bar.tsx';
import { formatDownloadProgress } from './format-progress.ts';

const isBusy = (s: TEmbeddingModelStatus | undefined) =>
  s?.download.state === 'downloading' || s?.load === 'loading' || s?.reembed.state === 'running';

const embeddingModelQuery = queryOptions({
  queryKey: ['models', 'embedding'],
  queryFn: () => api<TEmbeddingModelStatus>('/api/models/embedding'),
  refetchInterval: (query) => (isBusy(query.state.data) ? 1000 : false),
});

const count = (n: number) => n.toLocaleString('en-US');

/** 'Re-embedding memories: 1,234 of 5,000', or what the last re-embed came to. */
export function describeReembed(reembed: TReembedProgress): string | null {
  switch (reembed.state) {
    case 'idle':
      return null;
    case 'running':
      return `Re-embedding memories: ${count(reembed.done)} of ${count(reembed.total)}`;
    case 'done':
      return `Re-embedded ${count(reembed.done)} ${reembed.done === 1 ? 'memory' : 'memories'}.`;
    case 'failed':
      return `Re-embedding stopped at ${count(reembed.done)} of ${count(reembed.total)}; it goes on at the next start.`;
  }
}

export function MemoryModelPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(embeddingModelQuery);
  const start = useMutation({
    mutationFn: () =>
      api<TStartEmbeddingDownloadResponse>('/api/models/embedding/download', { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(embeddingModelQuery.queryKey, data),
  });
  const s = status.data;
  const reembed = s ? describeReembed(s.reembed) : null;
  return (
    <section aria-label="Memory model" className="rounded-2xl bg-panel p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-medium">Memory model</h2>
      {status.isError && <p className="text-sm text-red-300">The memory model could not be loaded.</p>}
      {s && (
        <div className="space-y-3 text-sm">
          <p>
            Memory finds what was said by meaning with{' '}
            {s.isInUse ? <strong>{s.name}</strong> : 'the built-in encoder (Universal Sentence Encoder lite)'}
            .
          </p>
          {!s.isPresent && s.download.state !== 'downloading' && (
            <div className="space-y-2 rounded-xl border border-line bg-panel-2 p-3">
              <p className="font-medium">{s.name}</p>
              <p className="text-muted">{s.note}</p>
              <p className="text-xs text-muted">
                {Math.round(s.sizeBytes / 1e6)} MB · {s.licence} licence · one download, then memories are
                re-embedded in the background
              </p>
              {s.download.state === 'failed' && (
                <p role="alert" className="text-red-300">
                  {s.download.message}
                </p>
              )}
              <button
                type="button"
                onClick={() => start.mutate()}
                disabled={start.isPending}
                className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 font-medium text-white hover:bg-accent-hover disabled:opacity-60"
              >
                <Download aria-hidden className="size-4" />
                Download the memory model
              </button>
            </div>
          )}
          {s.download.state === 'downloading' && <EmbeddingDownload download={s.download} />}
          {s.load === 'loading' && <p role="status">Loading the memory model…</p>}
          {s.load === 'failed' && !s.isInUse && (
            <p role="alert" className="text-amber-300">
              The downloaded memory model could not be loaded; memory keeps the built-in encoder.
            </p>
          )}
          {reembed && (
            <p role="status" className="tabular-nums">
              {reembed}
            </p>
          )}
          {start.error && (
            <p role="alert" className="text-red-300">
              {start.error.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function EmbeddingDownload({ download }: { download: { receivedBytes: number; totalBytes: number | null } }) {
  const { percent, label } = formatDownloadProgress(download.receivedBytes, download.totalBytes);
  return (
    <div className="space-y-1">
      <DownloadBar name="Memory model download" percent={percent} label={label} />
      <p className="tabular-nums text-muted">Downloading… {label}</p>
    </div>
  );
}
