// Mounts the bundled provider in the Hono app: our own sign-in page, then oidc-provider for the protocol.
import { createHash } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { upsertIdpAccount } from '../../db/queries/idp.ts';
import { escapeHtml } from './provider.ts';
import { renderSignInPage } from './sign-in-page.ts';

const ZSignInForm = z.object({
  email: z.email('Enter a valid email address').max(254),
  name: z.string().trim().min(1, 'Enter a display name').max(50, 'Display name is at most 50 characters'),
});

export const idpAccountId = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

type TNodeEnv = { Bindings: HttpBindings };

export function createIdpRoutes(provider: Provider, db: TDb, providerName: string) {
  const app = new Hono<TNodeEnv>();
  const callback = provider.callback();

  app.get('/interaction/:uid', async (c) => {
    const { incoming, outgoing } = c.env;
    const details = await provider.interactionDetails(incoming, outgoing).catch(() => null);
    if (!details || details.uid !== c.req.param('uid')) return c.html(expiredPage(), 400);
    return c.html(renderSignInPage({ uid: details.uid, providerName }));
  });

  app.post('/interaction/:uid/login', async (c) => {
    const { incoming, outgoing } = c.env;
    const details = await provider.interactionDetails(incoming, outgoing).catch(() => null);
    if (!details || details.uid !== c.req.param('uid')) return c.html(expiredPage(), 400);
    const form = await c.req.parseBody();
    const parsed = ZSignInForm.safeParse({ email: form.email, name: form.name });
    if (!parsed.success) {
      const values = { email: String(form.email ?? ''), name: String(form.name ?? '') };
      const error = parsed.error.issues[0]?.message ?? 'Check the form';
      return c.html(renderSignInPage({ uid: details.uid, providerName, error, values }), 400);
    }
    const account = await upsertIdpAccount(db, {
      id: idpAccountId(parsed.data.email),
      email: parsed.data.email.toLowerCase(),
      name: parsed.data.name,
    });
    await provider.interactionFinished(
      incoming,
      outgoing,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
    return RESPONSE_ALREADY_SENT;
  });

  app.all('/*', async (c) => {
    const { incoming, outgoing } = c.env;
    // oidc-provider builds its URLs from originalUrl and routes on url without our mount prefix.
    const original = incoming.url ?? '/';
    Object.assign(incoming, { originalUrl: original, url: original.replace(/^\/idp/, '') || '/' });
    await callback(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  return app;
}

function expiredPage() {
  return `<!doctype html><title>Sign-in expired</title><p>${escapeHtml('This sign-in link has expired.')}</p><p><a href="/login">Start again</a></p>`;
}
