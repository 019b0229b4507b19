// Issue 23 in the browser: an account confirmed by email, then 'Forgot password?' through to signing in
// with the new password, on a Kindred whose mail goes to a local SMTP server.
import type { Browser, Page } from '@playwright/test';
import { linkInMail, startFakeSmtp, type TFakeSmtp } from '../src/test-support/fake-smtp-server.ts';
import { LoginPage } from './pages/login.ts';
import { expect, newPerson, sessionIn, test } from './support/fixtures.ts';
import { startKindred, type TRunningServer } from './support/servers.ts';

let smtp: TFakeSmtp;
let server: TRunningServer;

test.beforeAll(async () => {
  test.setTimeout(360_000);
  smtp = await startFakeSmtp();
  server = await startKindred({ SMTP_URL: smtp.url, OLLAMA_BASE_URL: 'http://127.0.0.1:9' });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const mailTo = (email: string, path: string) =>
  smtp.waitFor((m) => m.to.includes(email) && m.raw.includes(path), 20_000);

async function freshPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  return context.newPage();
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`confirm the email, then 'Forgot password?' to signing in with the new password (${label})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const person = { ...newPerson('Remy Recover'), password: 'remy first passphrase' };
    const page = await freshPage(browser, viewport);
    const login = new LoginPage(page);

    // Sign-up, then sign-in: the email must be confirmed first.
    await login.continueToProvider();
    await login.fillSignUp(person);
    await expect(login.signUpReceived()).toBeVisible();
    await login.fillSignIn(person);
    await expect(page.getByRole('alert')).toContainText('Confirm your email first');
    const verify = await mailTo(person.email, '/idp/verify');
    await page.goto(linkInMail(verify, '/idp/verify'));
    await expect(page.getByRole('status')).toHaveText('Your email is confirmed. You can sign in now.');

    // A new browser, the password forgotten.
    const other = await freshPage(browser, viewport);
    const otherLogin = new LoginPage(other);
    await otherLogin.continueToProvider();
    await other.getByRole('link', { name: 'Forgot password?' }).click();
    await other.getByLabel('Email').fill(person.email);
    await other.screenshot({ path: `test-results/screens/forgot-password-${label}.png` });
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other.getByRole('status')).toContainText('If an account uses that email');

    const reset = await mailTo(person.email, '/idp/password/reset');
    await other.goto(linkInMail(reset, '/idp/password/reset'));
    await other.getByLabel('New password').fill('remy second passphrase');
    await other.screenshot({ path: `test-results/screens/reset-password-${label}.png` });
    await other.getByRole('button', { name: 'Save new password' }).click();
    await expect(other.getByRole('status')).toContainText('Your password is changed');
    await other.getByRole('link', { name: 'Sign in' }).click();
    await expect(other).toHaveURL(/\/login$/);

    await otherLogin.continueToProvider();
    await otherLogin.fillSignIn(person);
    await expect(other.getByRole('alert')).toHaveText('Wrong email or password');
    await otherLogin.fillSignIn({ ...person, password: 'remy second passphrase' });
    await expect(other).toHaveURL(/\/$/);
    expect((await sessionIn(other))?.user?.email).toBe(person.email);
    await other.context().close();
    await page.context().close();
  });
}

test('change password on /profile asks the current one', async ({ browser }) => {
  test.setTimeout(120_000);
  const person = { ...newPerson('Cass Change'), password: 'cass first passphrase' };
  const page = await freshPage(browser);
  const login = new LoginPage(page);
  await login.continueToProvider();
  await login.fillSignUp(person);
  await login.fillSignIn(person);
  await page.goto(linkInMail(await mailTo(person.email, '/idp/verify'), '/idp/verify'));
  await login.continueToProvider();
  await login.fillSignIn(person);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill('not the password');
  await page.getByLabel('New password').fill('cass second passphrase');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not right');
  await page.getByLabel('Current password').fill(person.password);
  await page.screenshot({ path: 'test-results/screens/change-password.png' });
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password changed. Every other device was signed out.')).toBeVisible();
  expect((await sessionIn(page))?.user?.email).toBe(person.email);
  await page.context().close();
});
