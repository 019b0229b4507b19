// /search?q=: the result list or the empty texts.
import type { Page } from '@playwright/test';

export class SearchPage {
  constructor(readonly page: Page) {}

  async open(q: string) {
    await this.page.goto(`/search?q=${encodeURIComponent(q)}`);
  }
  get results() {
    return this.page.getByRole('list', { name: 'Search results' }).getByRole('link');
  }
  get noResults() {
    return this.page.getByText('No characters found');
  }
  get tryAgain() {
    return this.page.getByText('Try searching for something else.');
  }
}
