// The model picker: the two embedded models on offer side by side (size, measured speed, licence), one button each.
import { Download } from 'lucide-react';
import type { TModelChoice } from '../../../shared/models.ts';

const formatSize = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;

export function ModelPicker(props: {
  choices: TModelChoice[];
  disabled: boolean;
  onDownload: (id: TModelChoice['id']) => void;
}) {
  return (
    <ul aria-label="Models to download" className="grid gap-3 sm:grid-cols-2">
      {props.choices.map((choice) => (
        <li key={choice.id} className="flex flex-col gap-2 rounded-xl border border-line bg-panel-2 p-3">
          <p className="font-medium">{choice.name}</p>
          <p className="text-muted">{choice.note}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted">
            <dt>Size</dt>
            <dd>{formatSize(choice.sizeBytes)}</dd>
            <dt>Speed</dt>
            <dd>
              {choice.tokensPerSecond} words/s, first word in {choice.firstTokenSeconds} s (2-core CPU)
            </dd>
            <dt>Licence</dt>
            <dd>{choice.licence}</dd>
          </dl>
          <button
            type="button"
            onClick={() => props.onDownload(choice.id)}
            disabled={props.disabled}
            className={`mt-auto inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium disabled:opacity-60 ${
              choice.id === 'fast'
                ? 'bg-accent text-white hover:bg-accent-hover'
                : 'border border-line hover:bg-panel'
            }`}
          >
            <Download aria-hidden className="size-4" />
            {choice.id === 'fast' ? 'Download model' : 'Download the larger model'}
          </button>
        </li>
      ))}
    </ul>
  );
}
