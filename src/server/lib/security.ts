// Request guards from the security baseline: same-origin writes, body limits, headers with a CSP.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors.ts';
import type { TAppEnv } from './http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing requests from another site are refused, whatever cookies they carry. */
export function sameOriginWrites(publicUrl: string, exemptPaths: string[] = []): MiddlewareHandler<TAppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.some((p) => c.req.path.startsWith(p))) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // Compared with PUBLIC_URL only: the Host header is the client's to choose.
    if ((origin && origin !== allowed) || site === 'cross-site') {
      throw new AppError('forbidden', 'Cross-site request refused');
    }
    return next();
  };
}

export function limitBody(maxSize: number): MiddlewareHandler<TAppEnv> {
  const tooLarge = () => {
    throw new AppError('payload_too_large', `The request body is larger than ${maxSize} bytes`);
  };
  const limit = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    // As bodyLimit decides these (no body; a declared length that is not chunked), from the method and the
    // headers alone: its first look at the body would turn @hono/node-server's light request into a whole
    // web Request, whose body the route then reads through web streams instead of straight from Node.
    const { method } = c.req;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length || '0', 10) > maxSize ? tooLarge() : next();
    }
    return limit(c, next);
  };
}

export function securityHeaders(): MiddlewareHandler<TAppEnv> {
  const forDocuments = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Profile pictures may be any https image (Google's, or a URL the person typed).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'https://accounts.google.com'],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  // Hashed build files are scripts and styles, never documents: a policy for framing, referrers or the
  // page's own scripts means nothing on them, and each one costs its bytes again on every file the
  // chat screen loads (~30). They keep what a subresource uses: no sniffing, same-origin only (HSTS
  // comes with every page).
  const forAssets = secureHeaders({
    contentSecurityPolicy: undefined,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (c, next) => (c.req.path.startsWith('/assets/') ? forAssets(c, next) : forDocuments(c, next));
}
