// The chat screen's conversation controls: per-message actions, the swipe counter, edit, rewind.
import type { Locator, Page } from '@playwright/test';
import { ChatPage } from './chat.ts';

export class ControlsPage extends ChatPage {
  constructor(page: Page) {
    super(page);
  }

  greeting() {
    return this.conversation.locator('[data-role="greeting"]');
  }

  /** The row (bubble and actions) of the message holding `text`, the last such one. */
  row(text: string | RegExp): Locator {
    return this.conversation.locator('[data-message]').filter({ hasText: text }).last();
  }

  lastRow(): Locator {
    return this.conversation.locator('[data-message]').last();
  }

  action(row: Locator, name: string) {
    return row.getByRole('toolbar', { name: 'Message actions' }).getByRole('button', { name, exact: true });
  }

  counter(row: Locator) {
    return row.getByTestId('alternative-counter');
  }

  get editBox() {
    return this.conversation.getByRole('textbox', { name: 'Edit message' });
  }

  get rewindDialog() {
    return this.page.getByRole('dialog', { name: 'Rewind Conversation' });
  }
}
