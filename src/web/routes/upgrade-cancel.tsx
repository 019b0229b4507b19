// /upgrade-cancel: back from a checkout that was cancelled; nothing was charged.
import { useNavigate } from 'react-router';
import { CenteredCard, primaryButton, secondaryButton } from '../features/billing/centered-card.tsx';

export function UpgradeCancelRoute() {
  const navigate = useNavigate();
  return (
    <CenteredCard label="Subscription">
      <h1 className="text-2xl font-semibold">Subscription Canceled</h1>
      <button type="button" className={primaryButton} onClick={() => navigate('/upgrade')}>
        Try Again
      </button>
      <button type="button" className={secondaryButton} onClick={() => navigate('/')}>
        Back to Chat
      </button>
    </CenteredCard>
  );
}
