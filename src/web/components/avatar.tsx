// A round picture that falls back to the Kindred logo when the image is missing or fails to load.
import { useState } from 'react';

export const DEFAULT_AVATAR = '/logo.svg';

export function Avatar({
  src,
  alt,
  size = 40,
  className = '',
}: {
  src?: string | null;
  alt: string;
  size?: number;
  className?: string;
}) {
  // Remember which source failed, so a new source gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <img
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailedSrc(src ?? null)}
      className={`shrink-0 rounded-full bg-panel-2 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
