// The frame of the upgrade screens: one card in the middle of the page.
import type { ReactNode } from 'react';

export function CenteredCard({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <section aria-label={label} className="w-full max-w-md space-y-5 rounded-2xl bg-panel p-8 text-center">
        {children}
      </section>
    </main>
  );
}

export const primaryButton =
  'w-full rounded-xl bg-accent px-4 py-2.5 font-medium text-white hover:bg-accent-hover disabled:opacity-60';
export const secondaryButton = 'w-full rounded-xl border border-line px-4 py-2.5 hover:bg-panel-2';
