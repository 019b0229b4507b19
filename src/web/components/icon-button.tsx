// A button that shows only an icon: `label` is its accessible name, the icon is hidden from screen readers.
// Spreads the rest onto the <button>, so it works as a Radix trigger (asChild) and takes a ref.
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

export function IconButton({
  label,
  icon: Icon,
  iconClassName = 'size-4',
  ...button
}: Omit<ComponentProps<'button'>, 'aria-label' | 'children'> & {
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
}) {
  return (
    <button type="button" aria-label={label} {...button}>
      <Icon aria-hidden className={iconClassName} />
    </button>
  );
}
