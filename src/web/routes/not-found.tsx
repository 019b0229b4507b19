// An address no screen owns: say so plainly and offer the way home (the router's 'Unexpected Application
// Error!' fallback stays for real render errors).
import { Link, useLocation } from 'react-router';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="max-w-lg text-muted">
        There is nothing at <span className="break-all text-white">{pathname}</span>. The link may be old, or
        the character or chat may have been deleted.
      </p>
      <Link to="/" className="rounded-lg bg-accent px-4 py-2 font-medium text-white hover:bg-accent-hover">
        Back to home
      </Link>
    </main>
  );
}
