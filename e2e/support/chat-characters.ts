// The built-in characters the chat specs talk to, and the fake model's reply.

// Seraphine Vale is built-in character 1; Ganondorf (2) has memory disabled.
export const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
export const GANONDORF = { id: 2, name: 'Ganondorf' };
// The fake model echoes the first four words of the message.
export const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;
