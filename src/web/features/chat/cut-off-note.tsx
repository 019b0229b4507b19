// Under a reply the model stopped midway: what arrived stays, marked as cut off, with Continue and Retry.
import { FastForward, RotateCcw, Scissors } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TUiMessage } from './use-chat.ts';
import type { TMessageControlsApi } from './use-message-controls.ts';

export const CUT_OFF_NOTE = 'Cut off: the model stopped before the reply was finished.';

/** A reply the model stopped midway: what arrived stays, marked; the latest one can go on or be answered again. */
export function CutOffNote({ message, controls }: { message: TUiMessage; controls?: TMessageControlsApi }) {
  const canGoOn =
    controls !== undefined &&
    controls.hist !== null &&
    message.position !== undefined &&
    controls.isLatest(message);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-amber-300">
      <span className="flex items-center gap-1.5">
        <Scissors aria-hidden className="size-3.5" />
        {CUT_OFF_NOTE}
      </span>
      {canGoOn && (
        <>
          <NoteButton
            label="Continue"
            onClick={() => controls.continueReply(message)}
            isBusy={controls.isBusy}
          >
            <FastForward aria-hidden className="size-3.5" />
          </NoteButton>
          <NoteButton label="Retry" onClick={() => controls.regenerate(message)} isBusy={controls.isBusy}>
            <RotateCcw aria-hidden className="size-3.5" />
          </NoteButton>
        </>
      )}
    </div>
  );
}

function NoteButton(props: { label: string; onClick: () => void; isBusy: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={props.isBusy}
      className="flex items-center gap-1 rounded-lg border border-line px-2.5 py-1 text-white hover:bg-panel-2 disabled:opacity-50"
    >
      {props.children}
      {props.label}
    </button>
  );
}
