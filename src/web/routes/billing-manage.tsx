// /billing/manage: the local checkout's stand-in for Stripe's customer portal (cancel or resume Plus).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planQuery, setCancelAtPeriodEnd } from '../features/billing/billing-api.ts';
import { CenteredCard, primaryButton, secondaryButton } from '../features/billing/centered-card.tsx';
import { sessionQuery } from '../lib/session.ts';

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '');

export function BillingManageRoute() {
  const queryClient = useQueryClient();
  const plan = useQuery(planQuery);
  const change = useMutation({
    mutationFn: setCancelAtPeriodEnd,
    onSuccess: (data) => {
      queryClient.setQueryData(planQuery.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
  const data = plan.data;

  return (
    <CenteredCard label="Manage subscription">
      <p
        role="note"
        className="rounded-lg border border-amber-400/60 bg-amber-400/10 px-3 py-2 text-sm text-amber-200"
      >
        Test checkout: no payment is taken.
      </p>
      <h1 className="text-2xl font-semibold">Manage subscription</h1>
      {plan.isPending && <p className="text-muted">Loading...</p>}
      {data && !data.isSubscribed && (
        <>
          <p>You are on the Free Tier.</p>
          <Link to="/upgrade" className={`block ${primaryButton}`}>
            Upgrade
          </Link>
        </>
      )}
      {data?.isSubscribed && (
        <>
          <p>
            {data.cancelAtPeriodEnd
              ? `Plus ends on ${formatDate(data.currentPeriodEnd)}.`
              : `Plus is active; the current period ends on ${formatDate(data.currentPeriodEnd)}.`}
          </p>
          {change.isError && (
            <p role="alert" className="text-red-300">
              {change.error.message}
            </p>
          )}
          <button
            type="button"
            className={data.cancelAtPeriodEnd ? primaryButton : secondaryButton}
            disabled={change.isPending}
            onClick={() => change.mutate(!data.cancelAtPeriodEnd)}
          >
            {data.cancelAtPeriodEnd ? 'Resume subscription' : 'Cancel subscription'}
          </button>
        </>
      )}
      <Link to="/profile" className="block text-sm text-muted underline">
        Back to Profile
      </Link>
    </CenteredCard>
  );
}
