// The crisis card: shown above the character's reply when the person's message read like a crisis,
// with the crisis lines for their country and the international directory.
import { HeartHandshake, Phone } from 'lucide-react';
import { Link } from 'react-router';
import {
  CRISIS_CARD_TEXT,
  CRISIS_CARD_TITLE,
  type TCrisisCard,
  type TCrisisLine,
} from '../../../shared/safety.ts';

function LineItem({ line }: { line: TCrisisLine }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium">{line.name}</span>
      {line.phone && (
        <a
          href={`tel:${line.phone.replace(/\s+/g, '')}`}
          className="flex items-center gap-1 text-accent-2 underline"
        >
          <Phone aria-hidden className="size-3.5" />
          {line.phone}
        </a>
      )}
      {line.text && <span className="text-muted">{line.text}</span>}
      {line.url && (
        <a
          href={line.url}
          target="_blank"
          rel="noreferrer noopener"
          className="break-all text-accent-2 underline"
        >
          {new URL(line.url).host}
        </a>
      )}
    </li>
  );
}

export function CrisisCard({ card }: { card: TCrisisCard }) {
  return (
    <section
      role="alert"
      aria-label="Crisis support"
      className="my-2 w-full max-w-xl rounded-2xl border border-rose-300/50 bg-rose-950/40 p-4 text-left text-sm"
    >
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <HeartHandshake aria-hidden className="size-5 text-rose-300" />
        {CRISIS_CARD_TITLE}
      </h2>
      <p className="mt-2">{CRISIS_CARD_TEXT}</p>
      <ul className="mt-2 space-y-1.5">
        {card.lines.map((line) => (
          <LineItem key={`${line.name}-${line.phone ?? ''}`} line={line} />
        ))}
        <LineItem line={card.directory} />
      </ul>
      <p className="mt-2 text-muted">
        If you are in danger right now, call your local emergency number.{' '}
        <Link to="/safety" className="text-accent-2 underline">
          How Kindred keeps you safe
        </Link>
      </p>
    </section>
  );
}
