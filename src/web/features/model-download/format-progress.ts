// Turns download byte counts into the percentage and MB text the model-download panel shows.

const MB = 1024 * 1024;

export type TProgressView = {
  /** Whole percent 0–100, or null when the server did not say how big the file is. */
  percent: number | null;
  /** e.g. '42% · 206.1 of 491.4 MB', or '12.0 MB' without a total. */
  label: string;
};

export function formatDownloadProgress(receivedBytes: number, totalBytes: number | null): TProgressView {
  const received = (receivedBytes / MB).toFixed(1);
  if (!totalBytes || totalBytes <= 0) return { percent: null, label: `${received} MB` };
  // Rounded down, so 100% shows only when every byte is in.
  const percent = Math.min(100, Math.max(0, Math.floor((receivedBytes / totalBytes) * 100)));
  return { percent, label: `${percent}% · ${received} of ${(totalBytes / MB).toFixed(1)} MB` };
}
