// Keys as chips: type a word (or a /regex/flags) and press Enter or a comma; each chip has its own remove
// button. A chip is what the scanner matches, so it is shown exactly as stored.
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { LOREBOOK_LIMITS } from '../../../shared/lorebooks.ts';
import { IconButton } from '../../components/icon-button.tsx';

export function KeyChips({
  label,
  keys,
  onChange,
  isReadOnly = false,
}: {
  label: string;
  keys: string[];
  onChange: (keys: string[]) => void;
  isReadOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');

  const add = (text: string) => {
    const key = text.trim().slice(0, LOREBOOK_LIMITS.keyChars);
    setDraft('');
    if (key === '' || keys.includes(key) || keys.length >= LOREBOOK_LIMITS.keysPerEntry) return;
    onChange([...keys, key]);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-1.5 rounded-xl border border-line bg-ink/70 px-2 py-1.5 focus-within:border-accent">
        <ul aria-label={label} className="contents">
          {keys.map((key) => (
            <li
              key={key}
              className="flex items-center gap-1 rounded-full bg-panel-2 py-0.5 pr-1 pl-2.5 text-sm"
            >
              <span className="break-all">{key}</span>
              {!isReadOnly && (
                <IconButton
                  label={`Remove key ${key}`}
                  onClick={() => onChange(keys.filter((k) => k !== key))}
                  className="rounded-full p-0.5 text-muted hover:bg-line hover:text-white"
                  icon={X}
                  iconClassName="size-3.5"
                />
              )}
            </li>
          ))}
        </ul>
        {!isReadOnly && (
          <input
            id={id}
            value={draft}
            placeholder={keys.length === 0 ? 'Type a key, then Enter' : 'Add a key'}
            onChange={(e) => {
              const value = e.target.value;
              // A comma ends a key, except inside a /regex/ (where it may be part of a {1,3}).
              if (value.endsWith(',') && !value.startsWith('/')) add(value.slice(0, -1));
              else setDraft(value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(draft);
              } else if (e.key === 'Backspace' && draft === '' && keys.length > 0) {
                onChange(keys.slice(0, -1));
              }
            }}
            onBlur={() => add(draft)}
            className="min-w-32 flex-1 bg-transparent px-1 py-0.5 focus:outline-none"
          />
        )}
      </div>
    </div>
  );
}
