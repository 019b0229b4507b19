// The router's fallback for errors nobody handled while rendering.
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-lg text-muted">{detail}</p>
      <a href="/" className="rounded-lg bg-accent px-4 py-2 text-white">
        Back to Kindred
      </a>
    </main>
  );
}
