// One message's controls: swipe between alternatives ("2/3"), regenerate, continue, rate, edit, rewind, copy,
// report.
import {
  ChevronLeft,
  ChevronRight,
  Copy,
  FastForward,
  Pencil,
  RefreshCw,
  ThumbsDown,
  ThumbsUp,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ReportButton } from '../safety/report-dialog.tsx';
import type { TUiMessage } from './use-chat.ts';
import type { TMessageControlsApi } from './use-message-controls.ts';

/** The two ratings of a reply, thumbs up first. */
const RATINGS = [
  { value: 'up', label: 'Good reply', icon: ThumbsUp },
  { value: 'down', label: 'Bad reply', icon: ThumbsDown },
] as const;

function ActionButton({
  label,
  onClick,
  isDisabled,
  isPressed,
  children,
}: {
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
  isPressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isPressed}
      onClick={onClick}
      disabled={isDisabled}
      className="rounded-md p-1 text-muted hover:bg-panel-2 hover:text-white disabled:opacity-40 aria-pressed:text-accent-2"
    >
      {children}
    </button>
  );
}

/** The swipe control: shown on the latest reply (or a new chat's greeting) when it has alternatives. */
export function SwipeControl({ message, controls }: { message: TUiMessage; controls: TMessageControlsApi }) {
  const state = message.controls;
  if (!state || state.alternativeCount < 2 || !controls.isLatest(message)) return null;
  return (
    <div className="flex items-center gap-0.5 text-xs text-muted">
      <ActionButton
        label="Previous alternative"
        onClick={() => controls.swipe(message, -1)}
        isDisabled={controls.isBusy || state.chosen === 0}
      >
        <ChevronLeft aria-hidden className="size-4" />
      </ActionButton>
      <span data-testid="alternative-counter" className="tabular-nums">
        {state.chosen + 1}/{state.alternativeCount}
      </span>
      <ActionButton
        label="Next alternative"
        onClick={() => controls.swipe(message, 1)}
        isDisabled={controls.isBusy || state.chosen >= state.alternativeCount - 1}
      >
        <ChevronRight aria-hidden className="size-4" />
      </ActionButton>
    </div>
  );
}

export function MessageActions({
  message,
  controls,
}: {
  message: TUiMessage;
  controls: TMessageControlsApi;
}) {
  const isStored = message.position !== undefined && controls.hist !== null;
  const isReply = message.role === 'assistant';
  // A cut-off reply offers Continue and Retry beside its mark instead.
  const isLatestReply = isReply && controls.isLatest(message) && isStored && !message.isCutOff;
  const isBusy = controls.isBusy;
  const rating = message.controls?.rating ?? null;
  return (
    <div role="toolbar" aria-label="Message actions" className="flex flex-wrap items-center gap-0.5">
      <SwipeControl message={message} controls={controls} />
      {isLatestReply && !message.controls?.isGreeting && (
        <ActionButton label="Regenerate" onClick={() => controls.regenerate(message)} isDisabled={isBusy}>
          <RefreshCw aria-hidden className="size-3.5" />
        </ActionButton>
      )}
      {isLatestReply && (
        <ActionButton label="Continue" onClick={() => controls.continueReply(message)} isDisabled={isBusy}>
          <FastForward aria-hidden className="size-3.5" />
        </ActionButton>
      )}
      {isReply &&
        isStored &&
        RATINGS.map(({ value, label, icon: Icon }) => (
          <ActionButton
            key={value}
            label={label}
            onClick={() => controls.rate(message, value)}
            isPressed={rating === value}
            isDisabled={isBusy}
          >
            <Icon aria-hidden className="size-3.5" />
          </ActionButton>
        ))}
      {isStored && (
        <>
          <ActionButton label="Edit" onClick={() => controls.startEdit(message)} isDisabled={isBusy}>
            <Pencil aria-hidden className="size-3.5" />
          </ActionButton>
          <ActionButton
            label="Rewind to here"
            onClick={() => controls.askRewind(message)}
            isDisabled={isBusy}
          >
            <Undo2 aria-hidden className="size-3.5" />
          </ActionButton>
        </>
      )}
      <ActionButton label="Copy" onClick={() => controls.copy(message)}>
        <Copy aria-hidden className="size-3.5" />
      </ActionButton>
      {isReply && isStored && !message.controls?.isGreeting && controls.hist && (
        <ReportButton
          label="Report this reply"
          target={{ kind: 'message', chatLogUuid: controls.hist, position: message.position! }}
        />
      )}
    </div>
  );
}
