// The Memories drawer, the notifications bell and /profile's memory cards.
import { expect, type Page } from '@playwright/test';

export class MemoriesPage {
  constructor(readonly page: Page) {}

  get openButton() {
    return this.page.getByRole('button', { name: 'Memories', exact: true });
  }

  get drawer() {
    return this.page.getByRole('dialog', { name: 'Memories' });
  }

  items() {
    return this.drawer.getByRole('listitem');
  }

  item(text: string | RegExp) {
    return this.items().filter({ hasText: text });
  }

  async open() {
    if (!(await this.drawer.isVisible())) await this.openButton.click();
    // Slid all the way in (300 ms), so what follows reads and shows the whole drawer.
    await expect(this.drawer).toBeInViewport({ ratio: 1 });
  }

  async close() {
    await this.drawer.getByRole('button', { name: 'Close Memories' }).click();
    await expect(this.drawer).toBeHidden();
  }

  /** The judge works after the reply: reopen the drawer until the memory is there. */
  async waitFor(text: string | RegExp) {
    await expect(async () => {
      await this.open();
      try {
        await expect(this.item(text)).toBeVisible({ timeout: 1500 });
      } catch (error) {
        await this.close();
        throw error;
      }
    }).toPass({ timeout: 20_000 });
  }

  async add(text: string) {
    await this.drawer.getByRole('textbox', { name: 'New memory' }).fill(text);
    await this.drawer.getByRole('button', { name: 'Add memory' }).click();
    await expect(this.item(text)).toBeVisible();
  }

  get bell() {
    return this.page.getByRole('button', { name: /^Notifications/ });
  }

  get notificationsPanel() {
    return this.page.getByRole('dialog', { name: 'Notifications' });
  }
}
