// The signed-in frame: the sidebar beside whichever screen is open.
import { Outlet } from 'react-router';
import { Sidebar } from './sidebar/sidebar.tsx';

export function AppShell() {
  return (
    <div className="flex h-full min-h-0">
      <Sidebar />
      <div className="min-w-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
