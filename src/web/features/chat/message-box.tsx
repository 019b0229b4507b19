// The message box: grows up to 150px, Enter sends, Shift+Enter adds a line; a stop button while replying.
import { SendHorizontal, Square } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { TEXTAREA_MAX_PX, USER_INPUT_MAX_CHARS } from '../../../shared/chat-limits.ts';
import { IconButton } from '../../components/icon-button.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';

export function MessageBox({
  value,
  onChange,
  onSend,
  onStop,
  onEmptyKey,
  characterName,
  isBusy,
  canSend,
  mic,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  /** Conversation controls: Up / Left / Right in the empty box; true when the key was used. */
  onEmptyKey?: (key: 'ArrowUp' | 'ArrowLeft' | 'ArrowRight') => boolean;
  characterName: string;
  isBusy: boolean;
  /** False while the reply path is unknown (spec: sending stays blocked). */
  canSend: boolean;
  /** Voice: the microphone button (speech input), when the browser or server can transcribe. */
  mic?: React.ReactNode;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);

  // Grow with the text up to the maximum, then scroll inside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, TEXTAREA_MAX_PX)}px`;
  }, [value]);

  const isBlank = value.trim() === '';
  return (
    <form
      className="flex items-end gap-2 border-t border-line bg-panel px-4 py-3"
      onSubmit={handleSubmit(() => onSend())}
    >
      <textarea
        ref={ref}
        name="message"
        rows={1}
        value={value}
        maxLength={USER_INPUT_MAX_CHARS}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend();
          }
          const key = e.key;
          const isArrow = key === 'ArrowUp' || key === 'ArrowLeft' || key === 'ArrowRight';
          if (isArrow && value === '' && onEmptyKey?.(key)) e.preventDefault();
        }}
        disabled={isBusy}
        placeholder={`Type your message to ${characterName}...`}
        aria-label={`Type your message to ${characterName}...`}
        className="min-h-11 flex-1 resize-none rounded-xl border border-line bg-panel-2 px-4 py-2.5 outline-none focus:border-accent disabled:opacity-60"
        style={{ maxHeight: TEXTAREA_MAX_PX }}
      />
      {!isBusy && mic}
      {isBusy && (
        <IconButton
          onClick={onStop}
          label="Stop"
          title="Stop"
          className="flex size-11 items-center justify-center rounded-xl border border-line hover:bg-panel-2"
          icon={Square}
          iconClassName="size-4 fill-current"
        />
      )}
      <button
        type="submit"
        aria-label="Send"
        disabled={isBusy || isBlank || !canSend}
        className="flex size-11 items-center justify-center rounded-xl bg-accent hover:bg-accent-hover disabled:opacity-40"
      >
        <SendHorizontal aria-hidden className="size-5" />
      </button>
    </form>
  );
}
