// Small helpers every route uses: the app's context type, sign-in and ownership checks, input parsing.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { TSessionUser } from '../auth/session.ts';
import { AppError } from './errors.ts';
import type { TLogger } from './logger.ts';

export type TAppEnv = {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    log: TLogger;
    user: TSessionUser | null;
    /** A reply call: its attempt was counted with the session lookup; throws the 429 when over. */
    checkReplyLimits?: () => void;
  };
};
export type TAppContext = Context<TAppEnv>;

export function requireUser(c: TAppContext): TSessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  return user;
}

/** The spec's calls name the user in paths and bodies; only the signed-in user may be named. */
export function requireSelf(c: TAppContext, userId: unknown): TSessionUser {
  const user = requireUser(c);
  if (String(userId) !== String(user.id))
    throw new AppError('forbidden', 'You can only access your own data');
  return user;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('bad_request', describeIssues(parsed.error));
  return parsed.data;
}

export async function parseJson<T extends z.ZodType>(c: TAppContext, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON');
  }
  return parseWith(schema, body);
}

export const parseQuery = <T extends z.ZodType>(c: TAppContext, schema: T): z.infer<T> =>
  parseWith(schema, c.req.query());

export const parseParams = <T extends z.ZodType>(c: TAppContext, schema: T): z.infer<T> =>
  parseWith(schema, c.req.param());

/** The one file in a multipart field, or a 400 saying what is missing. */
export async function formFile(c: TAppContext, field: string): Promise<File> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('bad_request', 'The request must be a multipart form');
  }
  const file = form[field];
  if (!(file instanceof File)) {
    throw new AppError('bad_request', `Send the file in the multipart form field "${field}"`);
  }
  return file;
}

/** The file in a multipart field, refused with "The <label> is larger than N MiB" past maxBytes. */
export async function formFileUpTo(
  c: TAppContext,
  field: string,
  maxBytes: number,
  label: string,
): Promise<File> {
  const file = await formFile(c, field);
  if (file.size > maxBytes) {
    throw new AppError(
      'bad_request',
      `The ${label} is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`,
    );
  }
  return file;
}
