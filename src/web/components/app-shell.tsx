// The signed-in frame: the sidebar beside whichever screen is open; on phones, a menu bar above it
// (the screen keeps its place in the tree, so turning a tablet does not restart a chat).
import { Outlet } from 'react-router';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { useTabVisibility } from '../lib/use-tab-visibility.ts';
import { PhoneMenu } from './sidebar/phone-menu.tsx';
import { Sidebar } from './sidebar/sidebar.tsx';

export function AppShell() {
  const isPhone = useIsPhone();
  useTabVisibility();
  return (
    <div className={`flex h-full min-h-0 ${isPhone ? 'flex-col' : ''}`}>
      {isPhone ? <PhoneMenu /> : <Sidebar />}
      <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
