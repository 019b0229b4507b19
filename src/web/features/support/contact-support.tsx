// 'Contact support': a message to the operator; Plus people's messages are answered first.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SUPPORT_MESSAGE_MAX } from '../../../shared/billing.ts';
import { ErrorText } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

export function ContactSupport({ isPriority }: { isPriority: boolean }) {
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: (text: string) =>
      api<{ id: number; isPriority: boolean }>('/api/support', { method: 'POST', json: { message: text } }),
    onSuccess: () => setMessage(''),
  });
  const onSubmit = handleSubmit(() => {
    if (message.trim()) send.mutate(message);
  });
  return (
    <section aria-label="Contact support" className="rounded-2xl bg-panel p-6">
      <h2 className="text-lg font-medium">Contact support</h2>
      <p className="mt-1 text-sm text-muted">
        {isPriority ? 'As a Plus member your message is answered first.' : 'We read every message.'}
      </p>
      <form onSubmit={onSubmit} className="mt-4 space-y-3">
        <textarea
          aria-label="Support message"
          value={message}
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(e) => {
            setMessage(e.target.value);
            if (send.isSuccess || send.isError) send.reset();
          }}
          rows={4}
          className="w-full rounded-lg border border-line bg-ink px-3 py-2"
        />
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={send.isPending || !message.trim()}
            className="rounded-lg bg-accent px-4 py-1.5 text-sm text-white disabled:opacity-60"
          >
            Send
          </button>
          {send.isSuccess && (
            <p role="status" className="text-sm text-muted">
              {send.data.isPriority
                ? 'Sent as a priority message.'
                : 'Sent. We will get back to you by email.'}
            </p>
          )}
          {send.isError && <ErrorText>{send.error.message}</ErrorText>}
        </div>
      </form>
    </section>
  );
}
