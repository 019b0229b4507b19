// The support inbox as plain text for the terminal (`npm run support:inbox`).
import type { TSupportMessage } from '../../../shared/billing.ts';

export function formatSupportInbox(messages: TSupportMessage[]): string {
  if (messages.length === 0) return 'No support messages.';
  return messages
    .map((m) => {
      const head = `${m.isPriority ? '[PRIORITY] ' : ''}#${m.id}  ${m.createdAt}  ${m.email} (${m.username})`;
      const body = m.message
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
      return `${head}\n${body}`;
    })
    .join('\n\n');
}
