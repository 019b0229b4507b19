// Auth.js calls without the query cache: the first page (/login) loads no query library.
import type { TSessionPayload } from '../../shared/users.ts';
import { api } from './api.ts';

export type TSessionUser = NonNullable<TSessionPayload['user']>;
export type TProviders = Record<string, { id: string; name: string }>;

export async function fetchSessionUser(): Promise<TSessionUser | null> {
  const session = await api<TSessionPayload | null>('/auth/session');
  return session?.user ?? null;
}

export async function fetchCsrfToken(): Promise<string> {
  const { csrfToken } = await api<{ csrfToken: string }>('/auth/csrf');
  return csrfToken;
}

export const fetchProviders = () => api<TProviders>('/auth/providers');
