// The parts of a conversation's rows: a reply's row (swipe on touch screens) and bubble, the re-answer offer
// after an edit, the play button and the typing dots.
import { Pause, Play } from 'lucide-react';
import { MessageContent } from './message-content.tsx';
import type { TUiMessage } from './use-chat.ts';
import type { TMessageControlsApi, TStreamingReply } from './use-message-controls.ts';
import { useTouchSwipe } from './use-touch-swipe.ts';

/** A reply's row; on touch screens a sideways swipe on the latest reply moves between its alternatives. */
export function AssistantRow({
  message,
  controls,
  speaker,
  children,
}: {
  message: TUiMessage;
  controls?: TMessageControlsApi;
  /** Group chats: the character who wrote it. */
  speaker?: string;
  children: React.ReactNode;
}) {
  const canSwipe = Boolean(controls?.isLatest(message) && (message.controls?.alternativeCount ?? 0) > 1);
  const swipe = useTouchSwipe(
    controls && canSwipe ? (direction) => controls.swipe(message, direction === 'left' ? 1 : -1) : null,
  );
  return (
    <div data-message="assistant" data-speaker={speaker} className="flex items-start gap-2" {...swipe}>
      {children}
    </div>
  );
}

/** A reply as markdown; while it is regenerated or continued, the text streaming in. */
export function ReplyBubble({
  message,
  streaming,
  characterName,
}: {
  message: TUiMessage;
  streaming: TStreamingReply | null;
  characterName: string;
}) {
  const isStreaming = streaming !== null && streaming.position === message.position;
  if (isStreaming && streaming.mode === 'regenerate' && streaming.text === '') {
    return (
      <div
        role="status"
        aria-label={`${characterName} is typing`}
        className="flex gap-1 self-start rounded-2xl rounded-tl-md bg-panel-2 px-4 py-4"
      >
        <TypingDots />
      </div>
    );
  }
  let text = message.content;
  if (isStreaming) {
    text =
      streaming.mode === 'regenerate' ? streaming.text : `${message.content} ${streaming.text.trimStart()}`;
  }
  return (
    <div
      data-role={message.controls?.isGreeting ? 'greeting' : 'assistant'}
      data-cut-off={(message.isCutOff && !isStreaming) || undefined}
      aria-busy={isStreaming || undefined}
      className="rounded-2xl rounded-tl-md bg-panel-2 px-4 py-2.5 break-words data-cut-off:border data-cut-off:border-dashed data-cut-off:border-amber-300/60"
    >
      <MessageContent text={text} />
    </div>
  );
}

/** After the person edits their latest message: answer it again? */
export function ReanswerOffer({ message, controls }: { message: TUiMessage; controls: TMessageControlsApi }) {
  return (
    <div className="flex items-center gap-2 text-sm text-muted">
      <span>Message edited.</span>
      <button
        type="button"
        onClick={() => controls.reanswer(message)}
        disabled={controls.isBusy}
        className="rounded-lg border border-line px-2.5 py-1 text-white hover:bg-panel-2 disabled:opacity-50"
      >
        Re-answer
      </button>
      <button type="button" onClick={controls.dismissReanswer} className="px-1.5 py-1 hover:text-white">
        Dismiss
      </button>
    </div>
  );
}

export function AudioButton({ isPlaying, onClick }: { isPlaying: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isPlaying ? 'Stop audio' : 'Play audio'}
      className="rounded-full p-1 text-muted hover:bg-panel-2 hover:text-white"
    >
      {isPlaying ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
    </button>
  );
}

/** Three dots while the reply is awaited. */
export function TypingDots() {
  return (
    <>
      <span className="typing-dot size-2 rounded-full bg-muted" />
      <span className="typing-dot size-2 rounded-full bg-muted" />
      <span className="typing-dot size-2 rounded-full bg-muted" />
    </>
  );
}
