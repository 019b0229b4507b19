// The sidebar (built out by the characters work): product name, search, create, cast, user menu.
import { Link } from 'react-router';

export function Sidebar() {
  return (
    <nav aria-label="Sidebar" className="flex w-64 shrink-0 flex-col border-r border-line bg-panel p-4">
      <Link to="/" className="text-xl font-semibold">
        Kindred
      </Link>
    </nav>
  );
}
