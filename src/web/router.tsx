// Every screen of the spec and its guard: all but /login and /edit-profile need a signed-in person.
import { createBrowserRouter, redirect } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { ErrorPage } from './components/error-page.tsx';
import { queryClient } from './lib/query-client.ts';
import { sessionQuery } from './lib/session.ts';
import { AdminRoute } from './routes/admin.tsx';
import { AdminSupportRoute } from './routes/admin-support.tsx';
import { BillingManageRoute } from './routes/billing-manage.tsx';
import { ChatRoute } from './routes/chat.tsx';
import { CheckoutRoute } from './routes/checkout.tsx';
import { CreateCharacterRoute } from './routes/create-character.tsx';
import { EditProfileRoute } from './routes/edit-profile.tsx';
import { HomeRoute } from './routes/home.tsx';
import { LoginRoute } from './routes/login.tsx';
import { ProfileRoute } from './routes/profile.tsx';
import { SearchRoute } from './routes/search.tsx';
import { UpgradeRoute } from './routes/upgrade.tsx';
import { UpgradeCancelRoute } from './routes/upgrade-cancel.tsx';
import { UpgradeSuccessRoute } from './routes/upgrade-success.tsx';

async function requireSignedIn() {
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!user) throw redirect('/login');
  return null;
}

/** Paths no screen owns: signed-out people still go to /login, signed-in ones see the fallback. */
async function notFound() {
  await requireSignedIn();
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

async function redirectIfSignedIn() {
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (user) throw redirect('/');
  return null;
}

function Loading() {
  return <p className="p-8 text-muted">Loading...</p>;
}

export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    HydrateFallback: Loading,
    children: [
      { path: '/login', loader: redirectIfSignedIn, element: <LoginRoute /> },
      { path: '/edit-profile', element: <EditProfileRoute /> },
      {
        loader: requireSignedIn,
        element: <AppShell />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/chat/:characterId', element: <ChatRoute /> },
          { path: '/search', element: <SearchRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          { path: '/character/create/new', element: <CreateCharacterRoute /> },
          { path: '/admin', element: <AdminRoute /> },
          { path: '/upgrade', element: <UpgradeRoute /> },
          { path: '/upgrade-success', element: <UpgradeSuccessRoute /> },
          { path: '/upgrade-cancel', element: <UpgradeCancelRoute /> },
          { path: '/checkout/:checkoutId', element: <CheckoutRoute /> },
          { path: '/billing/manage', element: <BillingManageRoute /> },
          { path: '/admin/support', element: <AdminSupportRoute /> },
        ],
      },
      { path: '*', loader: notFound },
    ],
  },
]);
