// The upgrade screens (/upgrade, /upgrade-success, /upgrade-cancel) and the local test checkout.
import type { Page } from '@playwright/test';

export class UpgradePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/upgrade');
  }

  get upgradeButton() {
    return this.page.getByRole('button', { name: 'Upgrade for $5/month' });
  }

  get redirectingButton() {
    return this.page.getByRole('button', { name: 'Redirecting...' });
  }

  get continueFreeButton() {
    return this.page.getByRole('button', { name: 'Continue Free Plan' });
  }

  get backToChatButton() {
    return this.page.getByRole('button', { name: 'Back to Chat' });
  }

  get benefits() {
    return this.page.getByRole('list', { name: 'Plus benefits' });
  }

  /** The local test checkout page. */
  get checkout() {
    return this.page.getByRole('region', { name: 'Checkout' });
  }

  get testBanner() {
    return this.checkout.getByRole('note');
  }

  get payButton() {
    return this.checkout.getByRole('button', { name: 'Pay', exact: true });
  }

  get cancelButton() {
    return this.checkout.getByRole('button', { name: 'Cancel', exact: true });
  }
}
