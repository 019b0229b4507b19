// The bundled OpenID Connect provider: the embedded stand-in for Google when none is configured.
import { createHmac } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { findIdpAccount } from '../../db/queries/idp.ts';
import { createIdpAdapterClass } from './db-adapter.ts';
import { loadOrCreateSigningJwk } from './keys.ts';

export const BUNDLED_PROVIDER_ID = 'kindred';
export const BUNDLED_CLIENT_ID = 'kindred-web';

export const idpIssuer = (config: TConfig) => `${config.publicUrl}/idp`;

/** Derived from the auth secret, so nothing extra has to be configured or stored. */
export const bundledClientSecret = (config: TConfig) =>
  createHmac('sha256', config.authSecret).update('bundled-idp-client').digest('base64url');

/** The bundled provider runs when nothing else signs people in, or when tests point Google at it. */
export function isIdpEnabled(config: TConfig): boolean {
  return !config.isGoogleConfigured || config.AUTH_GOOGLE_ISSUER === idpIssuer(config);
}

export function createIdp(config: TConfig, db: TDb): Provider {
  const clients: NonNullable<Configuration['clients']>[number][] = [
    {
      client_id: BUNDLED_CLIENT_ID,
      client_secret: bundledClientSecret(config),
      redirect_uris: [`${config.publicUrl}/auth/callback/${BUNDLED_PROVIDER_ID}`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ];
  if (config.isGoogleConfigured && config.AUTH_GOOGLE_ISSUER === idpIssuer(config)) {
    clients.push({
      client_id: config.AUTH_GOOGLE_ID!,
      client_secret: config.AUTH_GOOGLE_SECRET!,
      redirect_uris: [`${config.publicUrl}/auth/callback/google`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
  }

  const provider = new Provider(idpIssuer(config), {
    adapter: createIdpAdapterClass(db),
    clients,
    jwks: { keys: [loadOrCreateSigningJwk(config.dataDir) as never] },
    cookies: { keys: [config.authSecret] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture', 'birthdate'],
    },
    // Auth.js reads claims from the ID token only; the default keeps email and name out of it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    pkce: { required: () => false },
    ttl: {
      Session: 14 * 24 * 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
    },
    async findAccount(_ctx, sub) {
      const account = await findIdpAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          ...(account.birthDate ? { birthdate: account.birthDate } : {}),
        }),
      };
    },
    // Every client here is the product itself, so consent is implied.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><p>Sign-in failed: ${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/login">Back to Kindred</a></p>`;
    },
  });
  provider.proxy = true;
  return provider;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
