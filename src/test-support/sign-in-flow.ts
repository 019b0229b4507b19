// Signs a person in through the real HTTP flow (Auth.js + the bundled provider), as a browser would.
import { linkInMail, type TFakeSmtp } from './fake-smtp-server.ts';

export type TCookieJar = Map<string, string>;

export function cookieHeader(jar: TCookieJar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function store(jar: TCookieJar, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

export async function request(baseUrl: string, jar: TCookieJar, path: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, baseUrl), {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(jar) },
  });
  store(jar, res);
  return res;
}

/** Follows redirects by hand so cookies set on every hop are kept. */
export async function follow(baseUrl: string, jar: TCookieJar, res: Response): Promise<Response> {
  let current = res;
  for (let hops = 0; hops < 15 && current.status >= 300 && current.status < 400; hops++) {
    const location = current.headers.get('location')!;
    current = await request(baseUrl, jar, new URL(location, baseUrl).toString());
  }
  return current;
}

/** The date of birth the helpers sign people up with unless told otherwise (an adult's). */
export const ADULT_BIRTH_DATE = '1990-01-01';

/** The password the helpers give every account they create (it passes the strength floor). */
export const DEFAULT_TEST_PASSWORD = 'correct horse battery staple';

/** Opens the bundled provider's sign-in page (through Auth.js) and returns it with the form's action. */
export async function startSignIn(baseUrl: string, jar: TCookieJar, providerId = 'kindred') {
  const { csrfToken } = (await (await request(baseUrl, jar, '/auth/csrf')).json()) as { csrfToken: string };
  const start = await request(baseUrl, jar, `/auth/signin/${providerId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, callbackUrl: baseUrl, prompt: 'login' }).toString(),
  });
  const page = await follow(baseUrl, jar, start);
  const html = await page.text();
  const action = html.match(/action="([^"]+)"/)?.[1];
  if (!action) throw new Error(`No sign-in form (status ${page.status}): ${html.slice(0, 300)}`);
  return { action, html, status: page.status };
}

/** A form post of these fields (what the provider's pages send). */
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The sign-up form's action beside the sign-in form's. */
export const signUpAction = (signInAction: string) => signInAction.replace(/\/login$/, '/signup');

/** Opens the sign-in page and posts its sign-up form with these fields; answers the reply and the jar. */
export async function postSignUp(
  baseUrl: string,
  fields: Record<string, string>,
  jar: TCookieJar = new Map(),
) {
  const { action } = await startSignIn(baseUrl, jar);
  const response = await request(baseUrl, jar, signUpAction(action), form(fields));
  return { response, jar, action };
}

/**
 * Signs a person in, creating their account (with DEFAULT_TEST_PASSWORD unless a password is given)
 * when the email is new; an existing account is signed in with the password. Sign-up answers the same
 * whether or not the email was new (the sign-in form), so both go on to sign in.
 */
export async function signInThroughProvider(
  baseUrl: string,
  opts: {
    email: string;
    name: string;
    password?: string;
    providerId?: string;
    /** With SMTP set a new email must be confirmed first: the link is read from this server's mail. */
    smtp?: TFakeSmtp;
    /** Sign-up asks for it (YYYY-MM-DD); an adult's by default. */
    birthDate?: string;
  },
): Promise<TCookieJar> {
  const jar: TCookieJar = new Map();
  const { action } = await startSignIn(baseUrl, jar, opts.providerId);
  const password = opts.password ?? DEFAULT_TEST_PASSWORD;
  const signedUp = await request(
    baseUrl,
    jar,
    signUpAction(action),
    form({ email: opts.email, name: opts.name, password, birthDate: opts.birthDate ?? ADULT_BIRTH_DATE }),
  );
  // 403: sign-up is closed, so only existing accounts sign in.
  if (signedUp.status >= 400 && signedUp.status !== 403) {
    throw new Error(`Sign-up refused (status ${signedUp.status}): ${(await signedUp.text()).slice(0, 300)}`);
  }
  let submitted = await request(baseUrl, jar, action, form({ email: opts.email, password }));
  if (submitted.status === 403 && opts.smtp) {
    const mail = await opts.smtp.waitFor(
      (m) => m.to.includes(opts.email.toLowerCase()) && m.raw.includes('/idp/verify'),
    );
    const confirmed = await request(baseUrl, jar, linkInMail(mail, '/idp/verify'));
    if (confirmed.status !== 200) throw new Error(`Email confirmation refused (${confirmed.status})`);
    submitted = await request(baseUrl, jar, action, form({ email: opts.email, password }));
  }
  if (submitted.status >= 400) {
    throw new Error(
      `Sign-in refused (status ${submitted.status}): ${(await submitted.text()).slice(0, 300)}`,
    );
  }
  await follow(baseUrl, jar, submitted);
  return jar;
}
