// /upgrade-success: back from a paid checkout; the session is read again so the new tier shows at once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshPlan } from '../features/billing/billing-api.ts';
import { CenteredCard, primaryButton } from '../features/billing/centered-card.tsx';
import { sessionQuery } from '../lib/session.ts';

export function UpgradeSuccessRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    // The provider may not have told the server yet: ask it to read the subscription, then the session.
    void refreshPlan()
      .catch((error) => console.error('Reading the subscription failed', error))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: ['billing'] });
      });
  }, [queryClient]);
  return (
    <CenteredCard label="Subscription">
      <h1 className="text-2xl font-semibold">Subscription Activated!</h1>
      <button type="button" className={primaryButton} onClick={() => navigate('/')}>
        Back to Chat
      </button>
    </CenteredCard>
  );
}
