// The profile's Plus section: 'Manage subscription' (or the way to Plus) and 'Contact support'.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ContactSupport } from '../support/contact-support.tsx';
import { openPortal, planQuery } from './billing-api.ts';

export function PlusSection() {
  const plan = useQuery(planQuery);
  const portal = useMutation({
    mutationFn: openPortal,
    onSuccess: (data) => window.location.assign(data.url),
    onError: () => alert('Failed to open subscription management.'),
  });
  return (
    <>
      <section aria-label="Plan" className="flex flex-wrap items-center gap-4 rounded-2xl bg-panel p-6">
        <p className="min-w-0 flex-1 text-sm text-muted">
          {plan.data?.isSubscribed
            ? 'Plus: unlimited messages, faster responses and priority support.'
            : 'Free: 20 messages a day. Plus gives unlimited messages, faster responses and priority support.'}
        </p>
        {plan.data?.provider ? (
          <button
            type="button"
            disabled={portal.isPending}
            onClick={() => portal.mutate()}
            className="rounded-lg border border-line px-3 py-1.5 text-sm"
          >
            Manage subscription
          </button>
        ) : null}
        {plan.data && !plan.data.isSubscribed && (
          <Link to="/upgrade" className="rounded-lg bg-accent px-3 py-1.5 text-sm text-white">
            Upgrade to Plus
          </Link>
        )}
      </section>
      <ContactSupport isPriority={Boolean(plan.data?.isSubscribed)} />
    </>
  );
}
