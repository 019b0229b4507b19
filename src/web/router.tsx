// Every screen of the spec and its guard: all but /login and /edit-profile need a signed-in person.
// Each screen is loaded when first visited (its own chunk): add a route as
// `{ path: '/x', lazy: screen(() => import('./routes/x.tsx'), 'XRoute') }` so the first page stays small
// (budgets: src/web/bundle-budget.test.ts).
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import { ErrorPage } from './components/error-page.tsx';

/** A route's component, imported on first use: `lazy: screen(() => import('./routes/x.tsx'), 'XRoute')`. */
function screen<TName extends string>(load: () => Promise<Record<TName, ComponentType>>, name: TName) {
  return async () => ({ Component: (await load())[name] });
}

async function requireSignedIn() {
  // The query cache (and its library) loads with the first signed-in screen, not with /login.
  const [{ queryClient }, { sessionQuery }] = await Promise.all([
    import('./lib/query-client.ts'),
    import('./lib/session.ts'),
  ]);
  const user = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!user) throw redirect('/login');
  // Signed in without a date of birth (Google): asked once, before anything else (issue 23).
  if (user.needsBirthDate) throw redirect('/birth-date');
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
      {
        path: '/login',
        lazy: async () => {
          const { LoginRoute, loginLoader } = await import('./routes/login.tsx');
          return { Component: LoginRoute, loader: loginLoader };
        },
      },
      {
        lazy: screen(() => import('./components/query-layout.tsx'), 'QueryLayout'),
        children: [
          { path: '/safety', lazy: screen(() => import('./routes/safety.tsx'), 'SafetyRoute') },
          {
            path: '/birth-date',
            lazy: async () => {
              const { BirthDateRoute, birthDateLoader } = await import('./routes/birth-date.tsx');
              return { Component: BirthDateRoute, loader: birthDateLoader };
            },
          },
          {
            path: '/edit-profile',
            lazy: screen(() => import('./routes/edit-profile.tsx'), 'EditProfileRoute'),
          },
          {
            loader: requireSignedIn,
            lazy: screen(() => import('./components/app-shell.tsx'), 'AppShell'),
            children: [
              { path: '/', lazy: screen(() => import('./routes/home.tsx'), 'HomeRoute') },
              { path: '/chat/:characterId', lazy: screen(() => import('./routes/chat.tsx'), 'ChatRoute') },
              { path: '/group/:uuid', lazy: screen(() => import('./routes/group.tsx'), 'GroupRoute') },
              { path: '/search', lazy: screen(() => import('./routes/search.tsx'), 'SearchRoute') },
              { path: '/profile', lazy: screen(() => import('./routes/profile.tsx'), 'ProfileRoute') },
              {
                path: '/character/create/new',
                lazy: screen(() => import('./routes/create-character.tsx'), 'CreateCharacterRoute'),
              },
              {
                path: '/character/:characterId/edit',
                lazy: screen(() => import('./routes/edit-character.tsx'), 'EditCharacterRoute'),
              },
              {
                path: '/character/:characterId/lorebook',
                lazy: screen(() => import('./routes/character-lorebook.tsx'), 'CharacterLorebookRoute'),
              },
              { path: '/lorebooks', lazy: screen(() => import('./routes/lorebooks.tsx'), 'LorebooksRoute') },
              {
                path: '/lorebooks/:id',
                lazy: screen(() => import('./routes/lorebook.tsx'), 'LorebookRoute'),
              },
              { path: '/admin', lazy: screen(() => import('./routes/admin.tsx'), 'AdminRoute') },
              {
                path: '/admin/reports',
                lazy: screen(() => import('./routes/admin-reports.tsx'), 'AdminReportsRoute'),
              },
              {
                path: '/admin/support',
                lazy: screen(() => import('./routes/admin-support.tsx'), 'AdminSupportRoute'),
              },
              { path: '/upgrade', lazy: screen(() => import('./routes/upgrade.tsx'), 'UpgradeRoute') },
              {
                path: '/upgrade-success',
                lazy: screen(() => import('./routes/upgrade-success.tsx'), 'UpgradeSuccessRoute'),
              },
              {
                path: '/upgrade-cancel',
                lazy: screen(() => import('./routes/upgrade-cancel.tsx'), 'UpgradeCancelRoute'),
              },
              {
                path: '/checkout/:checkoutId',
                lazy: screen(() => import('./routes/checkout.tsx'), 'CheckoutRoute'),
              },
              {
                path: '/billing/manage',
                lazy: screen(() => import('./routes/billing-manage.tsx'), 'BillingManageRoute'),
              },
              // Paths no screen owns: signed-out people still go to /login, signed-in ones get a way home.
              { path: '*', lazy: screen(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
            ],
          },
        ],
      },
    ],
  },
]);
