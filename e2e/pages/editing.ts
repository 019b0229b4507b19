// Editing what is yours: the character menu and dialogs, History's rename and delete.
import type { Page } from '@playwright/test';

export class EditingPage {
  constructor(readonly page: Page) {}

  get characterMenu() {
    return this.page.getByRole('button', { name: 'Character menu' });
  }
  get editCharacter() {
    return this.page.getByRole('link', { name: 'Edit character' });
  }
  get deleteCharacter() {
    return this.page.getByRole('button', { name: 'Delete character' });
  }
  deleteDialog(name: string) {
    return this.page.getByRole('dialog', { name: `Delete ${name}?` });
  }
  get history() {
    return this.page.getByRole('dialog', { name: 'Chat History' });
  }
  renameButton(label: string | RegExp) {
    return this.history.getByRole('button', {
      name: typeof label === 'string' ? `Rename chat: ${label}` : label,
    });
  }
  deleteChatButton(label: string | RegExp) {
    return this.history.getByRole('button', {
      name: typeof label === 'string' ? `Delete chat: ${label}` : label,
    });
  }
  get deleteChatDialog() {
    return this.page.getByRole('dialog', { name: 'Delete Chat' });
  }
}
