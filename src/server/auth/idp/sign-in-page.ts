// The bundled provider's pages: sign in (email, password) and create an account; plain server-rendered HTML.
import { PASSWORD_MIN } from './password.ts';
import { escapeHtml } from './provider.ts';

const STYLE = `
  /* Dark native parts too: the date field's calendar button is otherwise black on this dark field. */
  :root { color-scheme: dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #0f1020; color: #f5f5fa; }
  main { box-sizing: border-box; width: min(22rem, calc(100vw - 1.5rem)); background: #1b1c33; padding: clamp(1.25rem, 5vw, 2rem); border-radius: 1rem; box-shadow: 0 10px 40px #0008; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  p { color: #b8b9d0; margin: 0 0 1.5rem; font-size: .9rem; }
  label { display: block; font-size: .85rem; margin: 1rem 0 .35rem; }
  input { width: 100%; box-sizing: border-box; padding: .65rem .75rem; border-radius: .5rem; border: 1px solid #3a3b5c; background: #0f1020; color: inherit; font-size: 1rem; min-height: 44px; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; border: 0; border-radius: .5rem; background: #7c3aed; color: white; min-height: 44px; font-size: 1rem; cursor: pointer; }
  .error { color: #fca5a5; margin: 1rem 0 0; }
  .hint { font-size: .8rem; margin: .35rem 0 0; }
  .switch { margin: 1.25rem 0 0; text-align: center; }
  a { color: #c4b5fd; display: inline-flex; align-items: center; min-height: 44px; padding: 0 .25rem; }
  :focus-visible, input:focus { outline: 2px solid #a78bfa; outline-offset: 2px; }
  /* A date field's calendar button is a part inside it: focused, the field itself matches only :focus-within. */
  input:focus-within { outline: 2px solid #a78bfa; outline-offset: 2px; }`;

export function page(title: string, providerName: string, body: string): string {
  const name = escapeHtml(providerName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${name}</title>
<style>${STYLE}
</style>
</head>
<body>
<main>
  <h1>${name}</h1>
${body}
  <p class="switch"><a href="/safety">Safety</a></p>
</main>
</body>
</html>`;
}

/** The line above a form: its notice (read out as a status) or, without one, what the form is for. */
export const introLine = (notice: string | undefined, intro: string) =>
  `<p${notice ? ' role="status"' : ''}>${escapeHtml(notice ?? intro)}</p>`;

/** The email field, keeping what was typed. */
export const emailInput = (value: string | undefined, autocomplete: 'username' | 'email') =>
  `<input id="email" name="email" type="email" autocomplete="${autocomplete}" required value="${escapeHtml(value ?? '')}">`;

export const errorLine = (error?: string) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

/**
 * What sign-up answers, whether or not the email already had an account (so it tells nobody which):
 * the sign-in form with this line above it.
 */
export const SIGN_UP_RECEIVED =
  "Thanks. If this email was new, your account is ready: sign in with it and the password you chose. If it already had an account, sign in with that account's password.";

export function renderSignInPage(opts: {
  uid: string;
  providerName: string;
  allowSignup: boolean;
  error?: string;
  /** A neutral message shown above the form (the answer to a sign-up). */
  notice?: string;
  values?: { email: string };
}): string {
  const uid = encodeURIComponent(opts.uid);
  return page(
    'Sign in',
    opts.providerName,
    `  ${introLine(opts.notice, 'Sign in to continue to Kindred.')}
  <form method="post" action="/idp/interaction/${uid}/login">
    <label for="email">Email</label>
    ${emailInput(opts.values?.email, 'username')}
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    ${errorLine(opts.error)}
    <button type="submit">Sign in</button>
  </form>
  <p class="switch"><a href="/idp/password/forgot">Forgot password?</a></p>
  ${opts.allowSignup ? `<p class="switch">New here? <a href="/idp/interaction/${uid}/signup">Create an account</a></p>` : ''}`,
  );
}

export function renderSignUpPage(opts: {
  uid: string;
  providerName: string;
  error?: string;
  values?: { email: string; name: string; birthDate?: string };
}): string {
  const uid = encodeURIComponent(opts.uid);
  return page(
    'Create an account',
    opts.providerName,
    `  <p>Create an account to continue to Kindred.</p>
  <form method="post" action="/idp/interaction/${uid}/signup">
    <label for="email">Email</label>
    ${emailInput(opts.values?.email, 'email')}
    <label for="name">Display name</label>
    <input id="name" name="name" type="text" autocomplete="name" required maxlength="50" value="${escapeHtml(opts.values?.name ?? '')}">
    <label for="birthDate">Date of birth</label>
    <input id="birthDate" name="birthDate" type="date" autocomplete="bday" required value="${escapeHtml(opts.values?.birthDate ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint">
    <p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters; not a common password.</p>
    ${errorLine(opts.error)}
    <button type="submit">Create account</button>
  </form>
  <p class="switch">Have an account? <a href="/idp/interaction/${uid}">Sign in</a></p>`,
  );
}

export function renderSignUpClosedPage(opts: { uid: string; providerName: string }): string {
  return page(
    'Sign-up closed',
    opts.providerName,
    `  <p role="alert">Sign-up is closed on this Kindred. Ask its owner for an account.</p>
  <p class="switch"><a href="/idp/interaction/${encodeURIComponent(opts.uid)}">Sign in</a></p>`,
  );
}
