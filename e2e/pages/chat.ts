// The chat screen (/chat/:characterId).
import { expect, type Page } from '@playwright/test';

export class ChatPage {
  constructor(readonly page: Page) {}

  async open(characterId: number, hist?: string) {
    await this.page.goto(`/chat/${characterId}${hist ? `?hist=${hist}` : ''}`);
  }

  messageBox(characterName: string) {
    return this.page.getByPlaceholder(`Type your message to ${characterName}...`);
  }

  get sendButton() {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }

  get conversation() {
    return this.page.getByRole('log', { name: 'Conversation' });
  }

  userMessages() {
    return this.conversation.locator('[data-role="user"]');
  }

  replies() {
    return this.conversation.locator('[data-role="assistant"]');
  }

  typingDots(characterName: string) {
    return this.page.getByRole('status', { name: `${characterName} is typing` });
  }

  async send(characterName: string, text: string) {
    await this.messageBox(characterName).fill(text);
    await this.messageBox(characterName).press('Enter');
  }

  /** Sends and waits until the reply is typed out in full and the box is free again. */
  async sendAndWait(characterName: string, text: string, reply: string) {
    await this.send(characterName, text);
    await expect(this.replies().filter({ hasText: reply }).last()).toHaveText(reply);
    await expect(this.messageBox(characterName)).toBeEnabled();
    await expect(this.userMessages().last()).toHaveText(text);
  }

  get historyButton() {
    return this.page.getByRole('button', { name: 'History', exact: true });
  }

  get newChatButton() {
    return this.page.getByRole('button', { name: 'New Chat' });
  }

  get historyDrawer() {
    return this.page.getByRole('dialog', { name: 'Chat History' });
  }

  get monologueSwitch() {
    return this.page.getByRole('switch', { name: 'Internal Monologue' });
  }

  get memorySwitch() {
    return this.page.getByRole('switch', { name: 'Character Memory' });
  }

  get dailyLimitDialog() {
    return this.page.getByRole('dialog', { name: 'Daily Limit Reached' });
  }

  /** 'Export card' in the character header and the download links of its menu. */
  get exportCardButton() {
    return this.page.getByRole('button', { name: 'Export card' });
  }

  get exportMenu() {
    return this.page.getByRole('dialog', { name: /^Export .+ as a character card$/ });
  }

  exportLink(name: 'PNG card (V2 + V3)' | 'JSON (V3)' | 'JSON (V2)') {
    return this.exportMenu.getByRole('link', { name });
  }

  histParam(): string | null {
    return new URL(this.page.url()).searchParams.get('hist');
  }
}
