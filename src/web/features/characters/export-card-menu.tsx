// 'Export card' in the chat's character header: download the character as a Character Card that
// other apps read. Plain download links, so the browser saves the file under the server's name.
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { CARD_FORMATS, CARD_VERSIONS } from '../../../shared/characters.ts';
import { PopoverPanel } from '../../components/popover-panel.tsx';

type TCardChoice = {
  label: string;
  format: (typeof CARD_FORMATS)[number];
  version: (typeof CARD_VERSIONS)[number];
  hint: string;
};

/** The PNG carries both a V2 `chara` and a V3 `ccv3` chunk, so one file suits old and new apps. */
const CHOICES: TCardChoice[] = [
  { label: 'PNG card (V2 + V3)', format: 'png', version: 'v3', hint: 'Picture with the card inside' },
  { label: 'JSON (V3)', format: 'json', version: 'v3', hint: 'chara_card_v3' },
  { label: 'JSON (V2)', format: 'json', version: 'v2', hint: 'chara_card_v2' },
];

export function cardExportUrl(characterId: number, choice: Pick<TCardChoice, 'format' | 'version'>) {
  return `/api/character-cards/${characterId}?format=${choice.format}&version=${choice.version}`;
}

export function ExportCardMenu({
  characterId,
  characterName,
}: {
  characterId: number;
  characterName: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <PopoverPanel
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      label={`Export ${characterName} as a character card`}
      className="z-50 w-60 rounded-2xl border border-line bg-panel-2 p-1.5 shadow-xl"
      trigger={
        <button
          type="button"
          aria-label="Export card"
          className="ml-auto flex shrink-0 items-center gap-1.5 rounded-lg border border-line px-3 py-1.5 text-sm text-muted transition hover:bg-panel-2 hover:text-white data-[state=open]:bg-panel-2 data-[state=open]:text-white"
        >
          <Download aria-hidden className="size-4" />
          <span className="hidden sm:inline">Export card</span>
        </button>
      }
    >
      <ul>
        {CHOICES.map((choice) => (
          <li key={choice.label}>
            <a
              href={cardExportUrl(characterId, choice)}
              download
              onClick={() => setIsOpen(false)}
              className="flex flex-col rounded-xl px-3 py-2 hover:bg-line focus:bg-line focus:outline-none"
            >
              <span className="text-sm font-medium text-white">{choice.label}</span>
              <span aria-hidden className="text-xs text-muted">
                {choice.hint}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </PopoverPanel>
  );
}
