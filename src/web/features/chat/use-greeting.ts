// A new chat's greeting before it is stored: the character's greetings, the one picked with the swipe
// control, and the call that stores it as the chat's first message when the person first sends.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { greetingsQuery, startWithGreeting } from './controls-api.ts';
import type { TUiMessage } from './use-chat.ts';

export function useGreeting(characterId: number) {
  const greetings = useQuery(greetingsQuery(characterId));
  const [picked, setPicked] = useState({ characterId, index: 0 });
  const texts = greetings.data?.greetings ?? [];
  const index = picked.characterId === characterId && picked.index < texts.length ? picked.index : 0;
  const indexRef = useRef(index);
  indexRef.current = index;

  const message: TUiMessage | null =
    texts.length > 0
      ? {
          key: 'greeting',
          role: 'assistant',
          content: texts[index] ?? '',
          internalThoughts: null,
          audioUrl: null,
          controls: { alternativeCount: texts.length, chosen: index, rating: null, isGreeting: true },
        }
      : null;

  return {
    message,
    choose: (next: number) => setPicked({ characterId, index: next }),
    open: texts.length > 0 ? () => startWithGreeting(characterId, indexRef.current) : undefined,
  };
}
