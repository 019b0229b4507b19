// /login: the looping video, the product's title and one sign-in button.
import { redirect, useLoaderData } from 'react-router';
import { AI_PRODUCT_LINE, SUSPENDED_PREFIX } from '../../shared/safety.ts';
import { fetchCsrfToken, fetchProviders, fetchSessionUser, type TProviders } from '../lib/auth-calls.ts';

/** Signed-in people go home; others get the sign-in providers and a fresh anti-forgery token. */
export async function loginLoader(): Promise<{ providers: TProviders | null; csrfToken: string | null }> {
  const user = await fetchSessionUser().catch(() => null);
  if (user) throw redirect('/');
  const [providers, csrfToken] = await Promise.all([
    fetchProviders().catch(() => null),
    fetchCsrfToken().catch(() => null),
  ]);
  return { providers, csrfToken };
}

export function LoginRoute() {
  const { providers, csrfToken } = useLoaderData<typeof loginLoader>();
  const suspended = new URLSearchParams(window.location.search).get('suspended');
  const provider = providers?.google ?? Object.values(providers ?? {})[0];

  return (
    <main className="relative flex min-h-full items-center justify-center overflow-hidden">
      <video
        className="absolute inset-0 h-full w-full object-cover"
        autoPlay
        muted
        loop
        playsInline
        poster="/video/login-poster.jpg"
        tabIndex={-1}
      >
        <source src="/video/login-loop.webm" type="video/webm" />
        <source src="/video/login-loop.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 bg-ink/40" aria-hidden="true" />
      <section className="relative z-10 w-[min(26rem,90vw)] rounded-2xl bg-panel/85 p-8 text-center shadow-2xl backdrop-blur">
        <img src="/logo.svg" alt="" className="mx-auto mb-4 h-14 w-14" />
        <h1 className="text-3xl font-semibold">Login to Kindred</h1>
        <p className="mt-2 text-muted">Bring your favourite characters to life</p>
        {suspended !== null && (
          <p role="alert" className="mt-4 rounded-lg bg-red-500/15 p-3 text-sm text-red-200">
            {SUSPENDED_PREFIX} Reason: {suspended || 'not given'}
          </p>
        )}
        <form method="post" action={provider ? `/auth/signin/${provider.id}` : undefined} className="mt-8">
          <input type="hidden" name="csrfToken" value={csrfToken ?? ''} />
          <input type="hidden" name="callbackUrl" value={`${window.location.origin}/`} />
          <input type="hidden" name="prompt" value="login" />
          <button
            type="submit"
            disabled={!provider || !csrfToken}
            className="w-full rounded-xl bg-white px-4 py-3 font-medium text-ink transition hover:bg-white/90 disabled:opacity-60"
          >
            {provider ? `Continue with ${provider.name}` : 'Continue with Google'}
          </button>
        </form>
        <p className="mt-6 text-sm">{AI_PRODUCT_LINE}</p>
        <p className="mt-2 text-xs text-muted">By continuing, you agree to our Terms and Privacy Policy.</p>
        <p className="mt-2 text-xs">
          <a href="/safety" className="text-accent-2 underline">
            Safety
          </a>
        </p>
      </section>
    </main>
  );
}
