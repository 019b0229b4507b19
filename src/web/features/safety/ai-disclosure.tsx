// Saying plainly that characters are AI: the always-visible line on a chat, and the one-time notice
// the first time a person opens a chat (remembered on the server: once per person, not per device).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import {
  AI_NOTICE_BUTTON,
  AI_NOTICE_TEXT,
  AI_NOTICE_TITLE,
  aiDisclosureLine,
} from '../../../shared/safety.ts';
import { api } from '../../lib/api.ts';
import { sessionQuery, useSignedInUser } from '../../lib/session.ts';

export function AiDisclosureLine({ characterName }: { characterName: string }) {
  return (
    <p className="flex items-center gap-1 text-xs text-muted">
      <Bot aria-hidden className="size-3.5 shrink-0" />
      <span>{aiDisclosureLine(characterName)}</span>
    </p>
  );
}

/**
 * Shown above the conversation until the person says they understand. Not a modal: it never stands
 * between a person and their chat, and it is gone for good (on every device) once dismissed.
 */
export function AiNotice() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const seen = useMutation({
    mutationFn: () => api<{ hasSeen: true }>('/api/safety/ai-notice', { method: 'POST' }),
    onSettled: () =>
      queryClient.setQueryData(sessionQuery.queryKey, (old) => old && { ...old, hasSeenAiNotice: true }),
  });
  if (user.hasSeenAiNotice) return null;
  return (
    <section
      aria-labelledby="ai-notice-title"
      className="mx-4 mt-3 rounded-2xl border border-accent/50 bg-panel p-4 sm:mx-6"
    >
      <h2 id="ai-notice-title" className="flex items-center gap-2 font-semibold">
        <Bot aria-hidden className="size-5" />
        {AI_NOTICE_TITLE}
      </h2>
      <p className="mt-2 text-sm text-muted">{AI_NOTICE_TEXT}</p>
      <button
        type="button"
        onClick={() => seen.mutate()}
        disabled={seen.isPending}
        className="mt-3 rounded-xl bg-accent px-4 py-1.5 text-sm font-medium hover:bg-accent-2"
      >
        {AI_NOTICE_BUTTON}
      </button>
    </section>
  );
}
