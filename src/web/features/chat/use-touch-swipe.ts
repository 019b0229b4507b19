// A horizontal finger swipe on an element: left or right, once the finger travelled far enough sideways
// and not mostly up or down (so scrolling the conversation never swipes).
import { type TouchEvent, useRef } from 'react';

const MIN_DISTANCE_PX = 50;

export function useTouchSwipe(onSwipe: ((direction: 'left' | 'right') => void) | null) {
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!onSwipe) return {};
  return {
    onTouchStart: (e: TouchEvent) => {
      const touch = e.touches[0];
      start.current = e.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const from = start.current;
      const touch = e.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onSwipe(dx < 0 ? 'left' : 'right');
    },
  };
}
