// The lorebook route tests' calls: a JSON answer with its status checked, a new book, a JSON file upload.
import { expect } from 'vitest';
import type { TLorebook } from '../shared/lorebooks.ts';
import { call, type TTestApp, type TTestUser } from './test-app.ts';

/** The answer's JSON, once its status is `status` (the body shown when it is not). */
export async function jsonOf<T>(res: Response, status: number): Promise<T> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

/** A new lorebook of the person's (201). */
export const createBook = async (t: TTestApp, user: TTestUser, name = 'Worldbuilding') =>
  jsonOf<TLorebook>(await call(t, 'POST', '/api/lorebooks', { user, json: { name } }), 201);

/** `content` as a JSON file named `name` in the form field `field`, posted to `path`. */
export function uploadJson(
  t: TTestApp,
  user: TTestUser | undefined,
  path: string,
  field: string,
  name: string,
  content: unknown,
) {
  const form = new FormData();
  form.append(field, new File([JSON.stringify(content)], name));
  return call(t, 'POST', path, { user, body: form });
}
