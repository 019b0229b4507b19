// The chat screen's character row: avatar, name, tagline and the AI disclosure; export, and the person's own
// character menu or Report.
import type { TPersona } from '../../../shared/characters.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ExportCardMenu } from '../characters/export-card-menu.tsx';
import { OwnCharacterMenu } from '../characters/own-character-menu.tsx';
import { AiDisclosureLine } from '../safety/ai-disclosure.tsx';
import { ReportButton } from '../safety/report-dialog.tsx';

export function CharacterHeader({ character, userId }: { character: TPersona; userId: number }) {
  return (
    <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
      <Avatar src={character.avatarUrl} alt={character.name} size={48} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold">{character.name}</h1>
        <p className="truncate text-sm text-muted">{character.tagline}</p>
        <AiDisclosureLine characterName={character.name} />
      </div>
      <ExportCardMenu characterId={character.id} characterName={character.name} />
      {character.userId === userId ? (
        <OwnCharacterMenu character={character} />
      ) : (
        <ReportButton
          label="Report this character"
          target={{ kind: 'character', characterId: character.id }}
          className="flex shrink-0 items-center rounded-lg border border-line px-2.5 py-1.5 text-sm text-muted hover:bg-panel-2 hover:text-white"
          withText
        />
      )}
    </div>
  );
}
