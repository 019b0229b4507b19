// /upgrade: the Plus offer, or 'You're Subscribed!' for someone who already has it.
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AI_PRODUCT_LINE } from '../../shared/safety.ts';
import { subscribe } from '../features/billing/billing-api.ts';
import { CenteredCard, primaryButton, secondaryButton } from '../features/billing/centered-card.tsx';
import { PlusBenefits } from '../features/billing/plus-benefits.tsx';
import { useSignedInUser } from '../lib/session.ts';

export function UpgradeRoute() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const upgrade = useMutation({
    mutationFn: () => subscribe(user.id),
    onSuccess: (data) => {
      if (data?.url) window.location.assign(data.url);
      else alert('Error starting subscription checkout.');
    },
    onError: () => alert('Failed to upgrade.'),
  });
  // Back where the person came from; home when /upgrade was the first page they opened.
  const goBack = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'));
  // Busy from the click until the browser has left for the checkout.
  const isRedirecting = upgrade.isPending || (upgrade.isSuccess && Boolean(upgrade.data?.url));

  if (user.isSubscribed) {
    return (
      <CenteredCard label="Subscription">
        <h1 className="text-2xl font-semibold">You're Subscribed!</h1>
        <button type="button" className={primaryButton} onClick={() => navigate('/')}>
          Back to Chat
        </button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard label="Upgrade">
      <h1 className="text-2xl font-semibold">Upgrade to Plus</h1>
      <div className="text-left">
        <PlusBenefits />
      </div>
      <p className="text-sm text-muted">{AI_PRODUCT_LINE}</p>
      <button
        type="button"
        className={primaryButton}
        disabled={isRedirecting}
        onClick={() => upgrade.mutate()}
      >
        {isRedirecting ? 'Redirecting...' : 'Upgrade for $5/month'}
      </button>
      <button type="button" className={secondaryButton} onClick={() => goBack()}>
        Continue Free Plan
      </button>
    </CenteredCard>
  );
}
