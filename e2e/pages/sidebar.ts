// The sidebar on signed-in screens: search, Create, the featured cast, collapse/reopen, the user menu.
import type { Page } from '@playwright/test';

export class Sidebar {
  constructor(readonly page: Page) {}

  get nav() {
    return this.page.getByRole('navigation', { name: 'Sidebar' });
  }
  get search() {
    return this.nav.getByRole('searchbox', { name: 'Search characters' });
  }
  get createLink() {
    return this.nav.getByRole('link', { name: 'Create' });
  }
  get featured() {
    return this.nav.getByRole('region', { name: 'Featured' }).getByRole('link');
  }
  get collapseButton() {
    return this.page.getByRole('button', { name: 'Collapse sidebar' });
  }
  get reopenButton() {
    return this.page.getByRole('button', { name: 'Open sidebar' });
  }
  userButton(name: string | RegExp) {
    return this.nav.getByRole('button', { name });
  }
  get menu() {
    return this.page.getByRole('menu', { name: 'Account' });
  }
  menuItem(name: 'Profile' | 'Logout') {
    return this.menu.getByRole('menuitem', { name });
  }

  async searchFor(text: string) {
    await this.search.fill(text);
    await this.search.press('Enter');
  }
}
