// The /login screen and the bundled provider's sign-in and sign-up pages.
import { expect, type Page } from '@playwright/test';

/** The password the suite gives every person it creates (it passes the strength floor). */
export const DEFAULT_E2E_PASSWORD = 'correct horse battery staple';

/** The date of birth the suite signs people up with unless told otherwise (an adult's). */
export const ADULT_BIRTH_DATE = '1990-01-01';

export type TLoginPerson = { email: string; name: string; password?: string; birthDate?: string };

export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  button(name: RegExp | string = /Continue with/) {
    return this.page.getByRole('button', { name });
  }

  /** From /login to the bundled provider's sign-in page. */
  async continueToProvider(buttonName: RegExp | string = /Continue with/) {
    if (!this.page.url().includes('/login')) await this.open();
    await expect(this.button(buttonName)).toBeEnabled();
    await this.button(buttonName).click();
    await expect(this.page.getByLabel('Password')).toBeVisible();
  }

  /** On the provider's page: create the account (email, display name, password). */
  async fillSignUp(person: TLoginPerson) {
    await this.page.getByRole('link', { name: 'Create an account' }).click();
    await this.page.getByLabel('Email').fill(person.email);
    await this.page.getByLabel('Display name').fill(person.name);
    await this.page.getByLabel('Date of birth').fill(person.birthDate ?? ADULT_BIRTH_DATE);
    await this.page.getByLabel('Password').fill(person.password ?? DEFAULT_E2E_PASSWORD);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  /** On the provider's page: sign in with email and password. */
  async fillSignIn(person: TLoginPerson) {
    await this.page.getByLabel('Email').fill(person.email);
    await this.page.getByLabel('Password').fill(person.password ?? DEFAULT_E2E_PASSWORD);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** The line sign-up answers with, whether or not the email already had an account. */
  signUpReceived() {
    return this.page.getByText('If this email was new, your account is ready');
  }

  /**
   * Signs the person in: creates their account when the email is new, then signs in with the password
   * (the suite's default one unless the person has their own). Sign-up answers the same either way.
   */
  async signIn(person: TLoginPerson, buttonName: RegExp | string = /Continue with/) {
    await this.continueToProvider(buttonName);
    await this.fillSignUp(person);
    await expect(this.signUpReceived()).toBeVisible();
    await this.fillSignIn(person);
  }
}
