// The signed-in person, from Auth.js's session call, shared through the query cache.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCsrfToken, fetchSessionUser, type TSessionUser } from './auth-calls.ts';

export { fetchCsrfToken, type TSessionUser };

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: fetchSessionUser,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** For screens under the guard, where the loader has already made sure there is a user. */
export function useSignedInUser(): TSessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInUser used outside the signed-in area');
  return data;
}

/** The spec's logout: fetch the anti-forgery token, post sign-out, then go to /login. */
export async function logout(): Promise<boolean> {
  try {
    const csrfToken = await fetchCsrfToken();
    const res = await fetch('/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/login' }),
    });
    if (!res.ok) throw new Error(`Sign-out failed with ${res.status}`);
    return true;
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  }
}
