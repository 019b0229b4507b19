// The /login screen and the bundled provider's sign-in page.
import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  button(name: RegExp | string = /Continue with/) {
    return this.page.getByRole('button', { name });
  }

  async signIn(person: { email: string; name: string }, buttonName: RegExp | string = /Continue with/) {
    if (!this.page.url().includes('/login')) await this.open();
    await expect(this.button(buttonName)).toBeEnabled();
    await this.button(buttonName).click();
    await this.page.getByLabel('Email').fill(person.email);
    await this.page.getByLabel('Display name').fill(person.name);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
