// /admin: the owner's page (another person sees a clear 403 screen; the API answers 403 as well).
import { AdminScreen } from '../features/admin/admin-screen.tsx';

export function AdminRoute() {
  return <AdminScreen />;
}
