// The home screen: greeting, tagline, 'Your Characters' and the three featured banners.
import type { Page } from '@playwright/test';

export class HomePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/');
  }
  greeting(name: string) {
    return this.page.getByRole('heading', { name: `Welcome back ${name}` });
  }
  get tagline() {
    return this.page.getByText('Nothing else matters here — just you and them');
  }
  get yourCharacters() {
    return this.page.getByRole('region', { name: 'Your Characters', exact: true });
  }
  /** The banners are the regions of main other than 'Your Characters'. */
  get banners() {
    return this.page
      .getByRole('main')
      .getByRole('region')
      .filter({ hasNot: this.page.getByText('Your Characters') });
  }
  characterCard(name: string) {
    return this.page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}( |$)`) });
  }
}
