// The bundled provider's sign-in page: plain server-rendered HTML with labelled fields.
import { escapeHtml } from './provider.ts';

export function renderSignInPage(opts: {
  uid: string;
  providerName: string;
  error?: string;
  values?: { email: string; name: string };
}): string {
  const { uid, providerName, error, values } = opts;
  const name = escapeHtml(providerName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — ${name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #0f1020; color: #f5f5fa; }
  main { width: min(22rem, 90vw); background: #1b1c33; padding: 2rem; border-radius: 1rem; box-shadow: 0 10px 40px #0008; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  p { color: #b8b9d0; margin: 0 0 1.5rem; font-size: .9rem; }
  label { display: block; font-size: .85rem; margin: 1rem 0 .35rem; }
  input { width: 100%; box-sizing: border-box; padding: .65rem .75rem; border-radius: .5rem; border: 1px solid #3a3b5c; background: #0f1020; color: inherit; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; border: 0; border-radius: .5rem; background: #8b5cf6; color: white; font-size: 1rem; cursor: pointer; }
  .error { color: #fca5a5; margin: 1rem 0 0; }
</style>
</head>
<body>
<main>
  <h1>${name}</h1>
  <p>Sign in to continue to Kindred.</p>
  <form method="post" action="/idp/interaction/${encodeURIComponent(uid)}/login">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values?.email ?? '')}">
    <label for="name">Display name</label>
    <input id="name" name="name" type="text" autocomplete="name" required maxlength="50" value="${escapeHtml(values?.name ?? '')}">
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <button type="submit">Sign in</button>
  </form>
</main>
</body>
</html>`;
}
