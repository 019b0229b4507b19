// What a person may report a reply for, and what they are told after, without zod (the report dialog imports these).

export const REPORT_REASONS = {
  harmful: 'Encourages harm or self-harm',
  sexual: 'Sexual content',
  harassment: 'Harassment or hate',
  illegal: 'Illegal or dangerous',
  misleading: 'Pretends to be a real person',
  other: 'Something else',
} as const;
export type TReportReason = keyof typeof REPORT_REASONS;

export const REPORT_RECEIVED = 'Thank you. The owner of this Kindred will look at your report.';
