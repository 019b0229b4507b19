// /character/create/new: the form and its voice preview.
import type { Page } from '@playwright/test';

export class CreateCharacterPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/character/create/new');
  }
  get heading() {
    return this.page.getByRole('heading', { name: 'Create a New Character' });
  }
  get name() {
    return this.page.getByLabel('Character Name');
  }
  get tagline() {
    return this.page.getByLabel('Tagline');
  }
  get description() {
    return this.page.getByLabel('Description', { exact: true });
  }
  get avatar() {
    return this.page.getByLabel('Character Avatar');
  }
  get avatarPreview() {
    return this.page.getByRole('img', { name: 'Avatar preview' });
  }
  get voice() {
    return this.page.getByLabel('Voice', { exact: true });
  }
  get sampleText() {
    return this.page.getByLabel('Sample Text');
  }
  get voiceDescription() {
    return this.page.getByLabel('Voice Description');
  }
  get previewButton() {
    return this.page.getByRole('button', { name: /Preview Voice|Generating Voice/ });
  }
  /** The card import above the form: choosing a file uploads it at once. */
  get importSection() {
    return this.page.getByRole('region', { name: 'Import a character card' });
  }
  get cardFile() {
    return this.page.getByLabel('Character card file');
  }
  get save() {
    return this.page.getByRole('button', { name: 'Save Character' });
  }
}
