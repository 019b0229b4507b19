// Tells the server whether this signed-in tab is visible (on each change, and again every
// TAB_VISIBLE_REPORT_SECONDS while it is), so a reply that finishes while none is can come as a push.
import { useEffect } from 'react';
import { TAB_VISIBLE_REPORT_SECONDS, type TTabVisibility } from '../../shared/push.ts';

const KEY = 'kindred-tab';

/**
 * This browser tab's id and how many reports it has made, kept for the tab's life (sessionStorage): a
 * reload or a full navigation stays the same tab to the server, so a 'hidden' lost while a page unloads
 * leaves nothing behind, and the next page's reports outrank the last one's.
 */
const tab = ((): { id: string; seq: number } => {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id?: unknown; seq?: unknown } | null;
    if (typeof kept?.id === 'string' && typeof kept.seq === 'number') return { id: kept.id, seq: kept.seq };
  } catch {
    // Storage unavailable or unreadable: a new id for this page.
  }
  return { id: crypto.randomUUID(), seq: 0 };
})();

function report(isVisible: boolean) {
  tab.seq += 1;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(tab));
  } catch {
    // Not kept: a reload of this tab is then a new tab to the server.
  }
  const body: TTabVisibility = { tabId: tab.id, isVisible, seq: tab.seq };
  // keepalive: the report still goes out while the page is being hidden or closed.
  void fetch('/api/push/visibility', {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}

export function useTabVisibility() {
  useEffect(() => {
    const isVisible = () => document.visibilityState === 'visible';
    const onChange = () => report(isVisible());
    const onPageHide = () => report(false);
    report(isVisible());
    const timer = setInterval(() => {
      if (isVisible()) report(true);
    }, TAB_VISIBLE_REPORT_SECONDS * 1000);
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('pagehide', onPageHide);
      report(false);
    };
  }, []);
}
