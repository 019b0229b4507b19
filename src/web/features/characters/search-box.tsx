// The character search box: Enter with non-blank text opens /search?q=…; it follows the q in the address.
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  // Follow the address (back/forward, another box) without an effect: adjust state while rendering.
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    setText(q);
  }

  return (
    <div className={`relative ${className}`}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden
      />
      <input
        type="search"
        name="q"
        aria-label="Search characters"
        placeholder="Search characters"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const trimmed = text.trim();
          if (trimmed) navigate(`/search?q=${encodeURIComponent(trimmed)}`);
        }}
        className="w-full rounded-xl border border-line bg-ink/70 py-2 pr-3 pl-9 text-sm placeholder:text-muted/70 focus:border-accent focus:outline-none"
      />
    </div>
  );
}
