// /profile's 'Notifications on this device': a switch that subscribes this browser to Web Push (the
// browser's permission is asked only when it is turned on) so check-ins arrive while Kindred is closed;
// and the person's choice of a push when a reply finishes while no Kindred tab is visible.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { TPushStatus } from '../../../shared/push.ts';
import { Switch } from '../../components/switch.tsx';
import { api } from '../../lib/api.ts';

type TState = 'loading' | 'unsupported' | 'blocked' | 'off' | 'on' | 'busy';

const isSupported = () =>
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

export function PushNotifications() {
  const [state, setState] = useState<TState>('loading');

  useEffect(() => {
    // The service worker is installed by production builds only (lib/service-worker.tsx).
    if (!isSupported() || !import.meta.env.PROD) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    void currentSubscription()
      .then(async (subscription) => {
        if (!subscription) return setState('off');
        const status = await api<TPushStatus>(
          `/api/push?endpoint=${encodeURIComponent(subscription.endpoint)}`,
        );
        setState(status.isSubscribed ? 'on' : 'off');
      })
      .catch(() => setState('off'));
  }, []);

  const turnOn = async () => {
    setState('busy');
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState(Notification.permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const { publicKey } = await api<TPushStatus>('/api/push');
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        }));
      await api('/api/push/subscriptions', { method: 'POST', json: subscription.toJSON() });
      setState('on');
      toast.success('Notifications are on for this device');
    } catch (error) {
      console.error('Turning notifications on failed', error);
      toast.error('Notifications could not be turned on');
      setState('off');
    }
  };

  const turnOff = async () => {
    setState('busy');
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await api('/api/push/subscriptions', {
          method: 'DELETE',
          json: { endpoint: subscription.endpoint },
        }).catch(() => {});
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      console.error('Turning notifications off failed', error);
      setState('on');
    }
  };

  const note: Partial<Record<TState, string>> = {
    unsupported: 'This browser cannot show notifications from Kindred.',
    blocked: "Notifications are blocked for Kindred in this browser's settings.",
  };
  return (
    <section aria-labelledby="push-title" className="rounded-2xl bg-panel p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-40 flex-1">
          <h2 id="push-title" className="text-lg font-medium">
            Notifications on this device
          </h2>
          <p className="mt-1 text-sm text-muted">
            When a character checks in, this device shows it, even with Kindred closed.
          </p>
        </div>
        <Switch
          label="Notifications on this device"
          isOn={state === 'on'}
          isDisabled={
            state === 'loading' || state === 'busy' || state === 'unsupported' || state === 'blocked'
          }
          onChange={(on) => void (on ? turnOn() : turnOff())}
        />
      </div>
      {note[state] && <p className="mt-3 text-sm text-muted">{note[state]}</p>}
      <ReplyPush />
    </section>
  );
}

const REPLY_PUSH_LABEL = 'A push when a reply finishes while no Kindred tab is visible';

/** The person's choice (for every device with notifications on), off until chosen. */
function ReplyPush() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['push-status'], queryFn: () => api<TPushStatus>('/api/push') });
  const change = useMutation({
    mutationFn: (isReplyPushOn: boolean) =>
      api<{ isReplyPushOn: boolean }>('/api/push/reply', { method: 'PUT', json: { isReplyPushOn } }),
    onSuccess: ({ isReplyPushOn }) =>
      queryClient.setQueryData<TPushStatus>(['push-status'], (old) => old && { ...old, isReplyPushOn }),
    onError: () => toast.error('That change was not saved'),
  });
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-line border-t pt-4">
      <div className="min-w-40 flex-1">
        <p className="font-medium">Finished replies</p>
        <p className="mt-1 text-sm text-muted">{REPLY_PUSH_LABEL}, on every device with notifications on.</p>
      </div>
      <Switch
        label={REPLY_PUSH_LABEL}
        isOn={status.data?.isReplyPushOn ?? false}
        isDisabled={!status.data || change.isPending}
        onChange={(on) => change.mutate(on)}
      />
    </div>
  );
}
