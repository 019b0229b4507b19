// What Plus gives, as a list (the upgrade page and the local checkout show the same one).
import { Check } from 'lucide-react';
import { PLUS_BENEFITS } from '../../../shared/billing.ts';

export function PlusBenefits() {
  return (
    <ul aria-label="Plus benefits" className="space-y-2">
      {PLUS_BENEFITS.map((benefit) => (
        <li key={benefit} className="flex items-center gap-2">
          <Check aria-hidden className="size-4 text-accent-2" />
          {benefit}
        </li>
      ))}
    </ul>
  );
}
