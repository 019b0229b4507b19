// 'Change password' on /profile: the current password, then the new one; other devices are signed out.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ErrorText, SubmitButton } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

export const PASSWORD_CHANGED_TOAST = 'Password changed. Every other device was signed out.';

export function ChangePassword() {
  const [isOpen, setIsOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const close = () => {
    setCurrent('');
    setNext('');
    change.reset();
    setIsOpen(false);
  };
  const change = useMutation({
    mutationFn: () =>
      api<{ changed: true }>('/api/account/password', {
        method: 'PUT',
        json: { currentPassword: current, newPassword: next },
      }),
    onSuccess: () => {
      toast.success(PASSWORD_CHANGED_TOAST);
      close();
    },
  });
  return (
    <section aria-labelledby="password-title" className="rounded-2xl bg-panel p-6">
      <h2 id="password-title" className="text-lg font-medium">
        Password
      </h2>
      {!isOpen ? (
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          className="mt-3 rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-panel-2"
        >
          Change password
        </button>
      ) : (
        <form className="mt-3 grid max-w-sm gap-3" onSubmit={handleSubmit(() => change.mutate())}>
          <label className="grid gap-1 text-sm">
            Current password
            <input
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              className="rounded-lg border border-line bg-ink px-3 py-1.5"
            />
          </label>
          <label className="grid gap-1 text-sm">
            New password
            <input
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-describedby="new-password-hint"
              className="rounded-lg border border-line bg-ink px-3 py-1.5"
            />
          </label>
          <p id="new-password-hint" className="text-xs text-muted">
            At least 10 characters; not a common password. Your other devices will be signed out.
          </p>
          {change.error && <ErrorText>{change.error.message}</ErrorText>}
          <div className="flex gap-2">
            <SubmitButton isPending={change.isPending}>Save password</SubmitButton>
            <button
              type="button"
              onClick={close}
              className="rounded-lg border border-line px-3 py-1.5 text-sm"
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
