// A round picture that falls back to the Kindred logo when the image is missing or fails to load.
import { useEffect, useState } from 'react';

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
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <img
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full bg-panel-2 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
