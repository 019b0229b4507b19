// Whether the screen is phone-sized (under the spec's 640px mobile threshold), following rotation and resizing.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches);
}
