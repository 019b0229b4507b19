// The error codes of every refusal, shared by the server (lib/errors.ts) and the web app (no zod here).

export type TErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  /** Signed in without a date of birth (Google): asked once before chatting (issue 23). */
  | 'birth_date_needed'
  | 'no_owner'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  /** A plan's allowance is used up: the day's free messages (the Daily Limit panel), support, checkouts. */
  | 'rate_limited'
  /** Too many calls in a short time (the abuse limits): try again in a moment. */
  | 'too_many_requests'
  | 'model_unavailable'
  | 'model_not_answering'
  | 'not_ready'
  | 'billing_unavailable'
  | 'internal';

/** The two refusals answered with 429, told apart by their code. */
export type TLimitCode = Extract<TErrorCode, 'rate_limited' | 'too_many_requests'>;

/** A refusal as both ends see it: its status and code. */
export type TRefusal = { status: number; code: string };

/** The allowance is used up (the Daily Limit panel opens), not a limit of calls a minute. */
export const isAllowanceUsedUp = (e: TRefusal): boolean => e.status === 429 && e.code === 'rate_limited';
