// Edits a message in place, as wide as the bubble's room and growing with its text: Enter saves,
// Shift+Enter adds a line, Escape cancels.
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_MAX_CHARS } from '../../../shared/chat-limits.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

export function MessageEditor({
  initial,
  onSave,
  onCancel,
  isSaving,
}: {
  initial: string;
  onSave: (content: string) => void;
  onCancel: () => void;
  isSaving: boolean;
}) {
  const [draft, setDraft] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // Grows with its text (up to most of the screen, then it scrolls).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the draft.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [draft]);
  return (
    <form className="flex w-full min-w-0 flex-col gap-2" onSubmit={handleSubmit(() => onSave(draft))}>
      <textarea
        ref={ref}
        aria-label="Edit message"
        name="content"
        value={draft}
        maxLength={MESSAGE_MAX_CHARS}
        rows={2}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSave(draft);
          }
        }}
        className="max-h-[60vh] w-full resize-none overflow-y-auto rounded-xl border border-accent bg-panel-2 px-3 py-2 outline-none"
      />
      <div className="flex justify-end gap-2 text-sm">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-line px-3 py-1 hover:bg-panel-2"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={isSaving || draft.trim() === ''}
          className="rounded-lg bg-accent px-3 py-1 font-medium hover:bg-accent-hover disabled:opacity-50"
        >
          Save
        </button>
      </div>
    </form>
  );
}
