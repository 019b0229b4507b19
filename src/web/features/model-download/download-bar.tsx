// A model download's progress bar (a pulsing third while the size is unknown), named for screen readers.
export function DownloadBar({
  name,
  percent,
  label,
}: {
  name: string;
  percent: number | null;
  label: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={name}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={label}
      className="h-2 overflow-hidden rounded-full bg-panel-2"
    >
      <div
        className={`h-full rounded-full bg-accent transition-[width] duration-500 ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
