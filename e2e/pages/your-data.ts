// The "Your data" section of /profile, the user menu's Admin and Logout, and /admin.
import { expect, type Page } from '@playwright/test';

export class YourDataSection {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  }

  /** Clicks 'Download my data' and returns the downloaded file's JSON. */
  async download(): Promise<Record<string, unknown>> {
    const waiting = this.page.waitForEvent('download');
    await this.page.getByRole('link', { name: 'Download my data' }).click();
    const file = await waiting;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { fileName: file.suggestedFilename(), ...JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  }

  async deleteAccount(username: string) {
    await this.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete my account' });
    await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
    await dialog.getByLabel('Your username').fill(username);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
  }
}

export class UserMenu {
  constructor(readonly page: Page) {}

  async openFor(name: string) {
    await this.page.getByRole('button', { name: new RegExp(name) }).click();
  }

  item(name: string) {
    return this.page.getByRole('menuitem', { name });
  }

  async logout(name: string) {
    await this.openFor(name);
    await this.item('Logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
