// The owner's way to a chat model when none is set up: what to set, or a model downloaded with progress.
import { AlertTriangle, CheckCircle2, Download, X } from 'lucide-react';
import { HOW_TO_ADD_A_MODEL, NO_MODEL_YET, type TModelDownloadState } from '../../../shared/models.ts';
import { DownloadBar } from './download-bar.tsx';
import { formatDownloadProgress } from './format-progress.ts';
import { ModelPicker } from './model-picker.tsx';
import { useModelDownload } from './use-model-download.ts';

export type TModelDownloadPanelProps = {
  /** A message waits for its reply: once a model is ready, it is sent again (else: say hello). */
  isAfterSend: boolean;
};

/** Shown to the owner alone (the download is server-wide); everyone else reads NoModelNotice's line. */
export function ModelDownloadPanel({ isAfterSend }: TModelDownloadPanelProps) {
  const { status, start, cancel } = useModelDownload();
  const embedded = status.data?.embedded;
  const choices = status.data?.choices ?? [];
  // The running (or last) download of whichever model was chosen.
  const download: TModelDownloadState = choices.find((c) => c.download.state !== 'idle')?.download ??
    embedded?.download ?? { state: 'idle' };
  const isReady =
    (Boolean(embedded?.isPresent) || choices.some((c) => c.isPresent)) && download.state !== 'downloading';
  const requestError = start.error ?? cancel.error ?? status.error;

  return (
    <section
      aria-label="No chat model"
      className="mx-auto w-full max-w-xl rounded-2xl border border-line bg-panel p-5 text-sm"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <AlertTriangle aria-hidden className="size-5 text-accent-2" />
        Get a chat model
      </h2>
      {!isReady && (
        <p className="mt-2 text-muted">
          {NO_MODEL_YET} {HOW_TO_ADD_A_MODEL}
        </p>
      )}

      {isReady ? (
        <p role="status" className="mt-4 flex items-center gap-2 font-medium text-emerald-400">
          <CheckCircle2 aria-hidden className="size-5" />
          {isAfterSend ? 'Model ready — send your message again.' : 'Model ready — say hello.'}
        </p>
      ) : download.state === 'downloading' ? (
        <DownloadProgress
          receivedBytes={download.receivedBytes}
          totalBytes={download.totalBytes}
          isCancelling={cancel.isPending}
          onCancel={() => cancel.mutate()}
        />
      ) : (
        embedded && (
          <div className="mt-4 space-y-3">
            <p className="text-muted">
              {choices.length > 0
                ? 'Or download a model and chat on this computer: the small one is fast, the larger one plays characters better.'
                : `Or download the built-in model (${embedded.file}) and chat on this computer.`}
            </p>
            {download.state === 'failed' && (
              <p
                role="alert"
                className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-red-300"
              >
                {download.message}
              </p>
            )}
            {choices.length > 0 ? (
              <ModelPicker
                choices={choices}
                disabled={start.isPending}
                onDownload={(id) => start.mutate(id)}
              />
            ) : (
              <button
                type="button"
                onClick={() => start.mutate(undefined)}
                disabled={start.isPending}
                className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 font-medium text-white hover:bg-accent-hover disabled:opacity-60"
              >
                <Download aria-hidden className="size-4" />
                Download model
              </button>
            )}
          </div>
        )
      )}

      {requestError && (
        <p role="alert" className="mt-3 text-red-300">
          {requestError.message}
        </p>
      )}
    </section>
  );
}

function DownloadProgress(props: {
  receivedBytes: number;
  totalBytes: number | null;
  isCancelling: boolean;
  onCancel: () => void;
}) {
  const { percent, label } = formatDownloadProgress(props.receivedBytes, props.totalBytes);
  return (
    <div className="mt-4 space-y-2">
      <DownloadBar name="Model download" percent={percent} label={label} />
      <div className="flex items-center justify-between gap-3">
        <span className="tabular-nums text-muted">Downloading… {label}</span>
        <button
          type="button"
          onClick={props.onCancel}
          disabled={props.isCancelling}
          className="inline-flex items-center gap-1 rounded-lg border border-line px-3 py-1.5 hover:bg-panel-2 disabled:opacity-60"
        >
          <X aria-hidden className="size-4" />
          Cancel
        </button>
      </div>
    </div>
  );
}
