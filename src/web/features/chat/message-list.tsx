// The conversation: the person's messages on the right, the character's on the left, the reply being typed.
import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Avatar } from '../../components/avatar.tsx';
import { LoreIndicator } from '../lorebooks/lore-indicator.tsx';
import { MemoriesUsed } from '../memories/memories-used.tsx';
import { CutOffNote } from './cut-off-note.tsx';
import { MessageActions } from './message-actions.tsx';
import { MessageContent } from './message-content.tsx';
import { MessageEditor } from './message-editor.tsx';
import { AssistantRow, AudioButton, ReanswerOffer, ReplyBubble, TypingDots } from './message-parts.tsx';
import { ThoughtBubble } from './thought-bubble.tsx';
import type { TUiMessage } from './use-chat.ts';
import type { TMessageControlsApi } from './use-message-controls.ts';

export type TPendingView = {
  text: string;
  isWaiting: boolean;
  isComplete: boolean;
  /** Group chats: the character answering. */
  speakerId?: number;
} | null;

/** Group chats: each member's name and avatar, by character id. */
export type TSpeakers = Map<number, { name: string; avatarUrl: string | null }>;

/** The message being edited, in place. */
const editor = (message: TUiMessage, controls: TMessageControlsApi) => (
  <MessageEditor
    initial={message.content}
    onSave={(content) => void controls.saveEdit(message, content)}
    onCancel={controls.cancelEdit}
    isSaving={controls.isBusy}
  />
);

export function MessageList({
  messages,
  pending,
  characterName,
  avatarUrl,
  playingKey,
  onToggleAudio,
  onRetry,
  isBusy,
  hasEarlier,
  isLoadingEarlier,
  onLoadEarlier,
  renderFailure,
  controls,
  renderUserActions,
  speakers,
  focusPosition,
  hist,
}: {
  messages: TUiMessage[];
  pending: TPendingView;
  characterName: string;
  avatarUrl: string | null;
  playingKey: string | null;
  /** Voice: with no url, the message is spoken on demand first. */
  onToggleAudio: (key: string, url: string, message?: TUiMessage) => void;
  onRetry: (message: TUiMessage) => void;
  isBusy: boolean;
  hasEarlier: boolean;
  isLoadingEarlier: boolean;
  onLoadEarlier: () => void;
  renderFailure?: (message: TUiMessage) => React.ReactNode;
  /** Conversation controls (edit, swipe, regenerate, ...); absent, messages show without them. */
  controls?: TMessageControlsApi;
  /** Small controls under a person's message (e.g. "Remember this"). */
  renderUserActions?: (message: TUiMessage) => React.ReactNode;
  /** Group chats: replies show their speaker's name and avatar. */
  speakers?: TSpeakers;
  /** A memory's source (?at=): the person's message at this position is scrolled to and highlighted. */
  focusPosition?: number | null;
  /** The chat shown (a reply's 'Memories used' reads its memories by chat and position). */
  hist?: string | null;
}) {
  const speakerOf = (id: number | undefined) => (id === undefined ? undefined : speakers?.get(id));
  const pendingSpeaker = speakerOf(pending?.speakerId);
  const endRef = useRef<HTMLDivElement>(null);
  const visible = messages.filter((m) => m.content.trim() !== '');
  const lastKey = visible.at(-1)?.key;
  const pendingLength = (pending?.text.length ?? -1) + (controls?.streaming?.text.length ?? 0);

  // Keep the newest line in view as messages arrive and the reply is typed out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling follows these changes on purpose
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastKey, pendingLength, pending?.isWaiting]);

  // After the scroll to the end above: the memory's source message comes into view, once.
  const focused = visible.find((m) => m.role === 'user' && m.position === focusPosition);
  const focusRef = useRef<HTMLDivElement>(null);
  const focusedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!focused || focusedKey.current === focused.key) return;
    focusedKey.current = focused.key;
    focusRef.current?.scrollIntoView({ block: 'center' });
  }, [focused]);

  const isReplying = pending !== null || Boolean(controls?.streaming);
  const last = visible.at(-1);
  const latestReply = last?.role === 'assistant' ? last : null;
  const earlier = latestReply ? visible.slice(0, -1) : visible;
  const row = (message: TUiMessage) =>
    message.role === 'user' ? (
      <div
        key={message.key}
        ref={message === focused ? focusRef : undefined}
        data-message="user"
        data-focused={message === focused || undefined}
        className="flex scroll-m-4 flex-col items-end gap-1 rounded-2xl data-focused:bg-accent/10 data-focused:ring-2 data-focused:ring-accent-2"
      >
        <div
          className={`flex max-w-[80%] items-end gap-2 ${controls?.editingKey === message.key ? 'w-full' : ''}`}
        >
          {message.audioUrl && (
            <AudioButton
              isPlaying={playingKey === message.key}
              onClick={() => onToggleAudio(message.key, message.audioUrl!)}
            />
          )}
          {controls?.editingKey === message.key ? (
            editor(message, controls)
          ) : (
            <div
              data-role="user"
              className="min-w-0 rounded-2xl rounded-br-md bg-accent px-4 py-2.5 break-words"
            >
              <MessageContent text={message.content} tone="on-accent" />
            </div>
          )}
        </div>
        {controls && controls.editingKey !== message.key && (
          <MessageActions message={message} controls={controls} />
        )}
        {controls?.reanswerKey === message.key && <ReanswerOffer message={message} controls={controls} />}
        {!message.failure && renderUserActions?.(message)}
        {message.failure && (
          <div role="alert" className="flex w-full max-w-xl flex-col items-end gap-2 text-sm text-red-300">
            {renderFailure?.(message) ?? <span>{message.failure}</span>}
            <button
              type="button"
              onClick={() => onRetry(message)}
              disabled={isBusy}
              className="flex items-center gap-1 rounded-lg border border-red-400/40 px-2.5 py-1 hover:bg-red-400/10 disabled:opacity-50"
            >
              <RotateCcw aria-hidden className="size-3.5" />
              Retry
            </button>
          </div>
        )}
      </div>
    ) : (
      <AssistantRow
        key={message.key}
        message={message}
        controls={controls}
        speaker={speakerOf(message.speakerId)?.name}
      >
        <Avatar src={speakerOf(message.speakerId)?.avatarUrl ?? avatarUrl} alt="" size={32} />
        <div
          className={`flex max-w-[80%] min-w-0 flex-col gap-1 ${controls?.editingKey === message.key ? 'w-full' : ''}`}
        >
          {speakerOf(message.speakerId) && (
            <span className="text-xs font-medium text-muted">{speakerOf(message.speakerId)?.name}</span>
          )}
          {controls?.editingKey === message.key ? (
            editor(message, controls)
          ) : (
            <ReplyBubble
              message={message}
              streaming={controls?.streaming ?? null}
              characterName={characterName}
            />
          )}
          {message.isCutOff && controls?.streaming?.position !== message.position && (
            <CutOffNote message={message} controls={controls} />
          )}
          {controls && controls.editingKey !== message.key && (
            <MessageActions message={message} controls={controls} />
          )}
        </div>
        <div className="flex flex-col gap-1 pt-1">
          {message.internalThoughts && (
            <ThoughtBubble thoughts={message.internalThoughts} characterName={characterName} />
          )}
          <AudioButton
            isPlaying={playingKey === message.key}
            onClick={() => onToggleAudio(message.key, message.audioUrl ?? '', message)}
          />
          {message.lore && <LoreIndicator lore={message.lore} />}
          {hist && message.position !== undefined && message.memoryIds && (
            <MemoriesUsed hist={hist} position={message.position} ids={message.memoryIds} />
          )}
        </div>
      </AssistantRow>
    );
  return (
    <div
      role="log"
      aria-label="Conversation"
      aria-live="off"
      className="flex flex-col gap-4 px-4 py-6 sm:px-8"
    >
      {hasEarlier && (
        <button
          type="button"
          onClick={onLoadEarlier}
          disabled={isLoadingEarlier}
          className="self-center rounded-full border border-line px-4 py-1.5 text-sm text-muted hover:bg-panel-2"
        >
          {isLoadingEarlier ? 'Loading...' : 'Load earlier messages'}
        </button>
      )}
      {earlier.map(row)}
      {/* The newest reply sits in the one live part of the log: screen readers hear it once it has
          finished (busy while it is awaited, typed out or streamed), never word by word, and
          history loading above it stays silent. */}
      <div
        aria-live="polite"
        aria-busy={isReplying || undefined}
        data-testid="latest-reply"
        className="flex flex-col gap-4 empty:-mb-4"
      >
        {latestReply && row(latestReply)}
      </div>
      {pending && (
        <div className="flex items-start gap-2" data-speaker={pendingSpeaker?.name}>
          <Avatar src={pendingSpeaker?.avatarUrl ?? avatarUrl} alt="" size={32} />
          {pendingSpeaker && <span className="sr-only">{pendingSpeaker.name}:</span>}
          {pending.isWaiting ? (
            <div
              role="status"
              aria-label={`${pendingSpeaker?.name ?? characterName} is typing`}
              className="flex gap-1 rounded-2xl rounded-tl-md bg-panel-2 px-4 py-4"
            >
              <TypingDots />
            </div>
          ) : (
            <div
              data-role="assistant"
              aria-busy="true"
              className="max-w-[80%] rounded-2xl rounded-tl-md bg-panel-2 px-4 py-2.5 break-words"
            >
              <MessageContent text={pending.text} />
            </div>
          )}
        </div>
      )}
      <div ref={endRef} />
    </div>
  );
}
