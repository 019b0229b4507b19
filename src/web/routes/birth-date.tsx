// /birth-date: asked once after a sign-in that brought no date of birth (Google), before anything else.
// Too young for this Kindred: the account is gone, and the person is told why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { BIRTH_DATE_TEXT, BIRTH_DATE_TITLE } from '../../shared/birth-date.ts';
import { AI_PRODUCT_LINE } from '../../shared/safety.ts';
import { ApiError, api } from '../lib/api.ts';
import { handleSubmit } from '../lib/handle-submit.ts';
import { queryClient } from '../lib/query-client.ts';
import { sessionQuery } from '../lib/session.ts';

/** Signed out: /login; a date of birth given already: home. */
export async function birthDateLoader() {
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!user) throw redirect('/login');
  if (!user.needsBirthDate) throw redirect('/');
  return null;
}

export function BirthDateRoute() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [birthDate, setBirthDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => api('/api/account/birth-date', { method: 'PUT', json: { birthDate } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sessionQuery.queryKey });
      navigate('/', { replace: true });
    },
    onError: (e) => {
      // 403: too young, and the account was deleted (the server ended the session).
      if (e instanceof ApiError && e.status === 403) {
        client.setQueryData(sessionQuery.queryKey, null);
        setRefusal(e.message);
      } else setError(e.message);
    },
  });

  const onSubmit = handleSubmit(() => {
    setError(null);
    if (!birthDate) {
      setError('Enter your date of birth');
      return;
    }
    save.mutate();
  });

  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col justify-center p-6">
      <section className="rounded-2xl bg-panel p-6 sm:p-8">
        <img src="/logo.svg" alt="" className="mb-4 h-12 w-12" />
        {refusal ? (
          <>
            <h1 className="text-2xl font-semibold">Sorry, you cannot use Kindred</h1>
            <p role="alert" className="mt-4">
              {refusal} Your account has been deleted.
            </p>
            <Link to="/login" className="mt-6 inline-block underline">
              Back to sign in
            </Link>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <h1 className="text-2xl font-semibold">{BIRTH_DATE_TITLE}</h1>
            <p className="mt-3 text-muted">{BIRTH_DATE_TEXT}</p>
            <label htmlFor="birthDate" className="mt-6 block text-sm font-medium">
              Date of birth
            </label>
            <input
              id="birthDate"
              type="date"
              autoComplete="bday"
              required
              value={birthDate}
              onChange={(e) => setBirthDate(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'birthDate-error' : undefined}
              className="mt-1 w-full rounded-lg border border-line bg-ink px-3 py-2 [color-scheme:dark]"
            />
            {error ? (
              <p id="birthDate-error" role="alert" className="mt-2 text-sm text-red-300">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={save.isPending}
              className="mt-6 w-full rounded-xl bg-accent px-4 py-3 font-semibold text-white disabled:opacity-60"
            >
              Continue
            </button>
            <p className="mt-6 text-sm">{AI_PRODUCT_LINE}</p>
          </form>
        )}
      </section>
    </main>
  );
}
