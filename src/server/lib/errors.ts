// The one error type the server throws on purpose, with the codes people and tests can rely on (shared
// with the web app: shared/errors.ts).
import type { TErrorCode } from '../../shared/errors.ts';

export type { TErrorCode };

const STATUS: Record<TErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  birth_date_needed: 403,
  /** An owner-only call while the installation has no owner (its owner was deleted; ADMIN_EMAILS is empty). */
  no_owner: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_requests: 429,
  /** No chat model is set up at all. */
  model_unavailable: 503,
  /** A chat model is set up but did not answer just now: try again. */
  model_not_answering: 503,
  not_ready: 503,
  billing_unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  readonly status: (typeof STATUS)[TErrorCode];
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You can only access your own data') =>
  new AppError('forbidden', message);
