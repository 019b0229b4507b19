// /admin: the owner makes a password reset link for someone (how a link reaches a person without SMTP).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TResetLink } from '../../../shared/recovery.ts';
import { ErrorText, SubmitButton } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

export function ResetLinkPanel() {
  const [email, setEmail] = useState('');
  const make = useMutation({
    mutationFn: () => api<TResetLink>('/api/admin/reset-link', { method: 'POST', json: { email } }),
  });
  return (
    <section aria-label="Password reset link" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-1 text-lg font-medium">Password reset link</h2>
      <p className="mb-3 text-sm text-muted">
        For someone who cannot get the email: a link that sets a new password, once, within 30 minutes. Give
        it to them privately.
      </p>
      <form className="flex flex-wrap gap-2" onSubmit={handleSubmit(() => make.mutate())}>
        <input
          type="email"
          required
          aria-label="Their email"
          placeholder="Their email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-line bg-ink px-3 py-1.5"
        />
        <SubmitButton isPending={make.isPending}>Make reset link</SubmitButton>
      </form>
      {make.error && <ErrorText className="mt-3">{make.error.message}</ErrorText>}
      {make.data && (
        <p className="mt-3 text-sm" role="status">
          <code className="break-all select-all">{make.data.url}</code>
          <span className="block text-muted">
            Works once, until {new Date(make.data.expiresAt).toLocaleTimeString()}.
          </span>
        </p>
      )}
    </section>
  );
}
