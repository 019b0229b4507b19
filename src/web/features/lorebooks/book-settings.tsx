// A lorebook's own settings: name, description, always on (a person's own books), and how it scans
// (scan depth, token budget, recursive scanning with its step limit).
import { useState } from 'react';
import { LOREBOOK_LIMITS, type TLorebook, type TLorebookPatch } from '../../../shared/lorebooks.ts';
import { ErrorText, PrimaryButton } from '../../components/form-parts.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';
import { Check, NumberField, TextField } from './fields.tsx';

export function BookSettings({
  book,
  isSaving,
  error,
  onSave,
}: {
  book: TLorebook;
  isSaving: boolean;
  error: string | null;
  onSave: (patch: TLorebookPatch) => void;
}) {
  const [name, setName] = useState(book.name);
  const [description, setDescription] = useState(book.description);
  const [alwaysOn, setAlwaysOn] = useState(book.alwaysOn);
  const [settings, setSettings] = useState(book.settings);
  const clamp = (text: string, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.round(Number(text) || min)));

  return (
    <form
      aria-label="Lorebook settings"
      className="space-y-3 rounded-2xl border border-line bg-panel p-4"
      onSubmit={handleSubmit(() =>
        onSave({ name, description, settings, ...(book.characterId === null ? { alwaysOn } : {}) }),
      )}
    >
      <fieldset disabled={!book.canEdit} className="space-y-3">
        <TextField
          label="Name"
          value={name}
          isRequired
          maxLength={LOREBOOK_LIMITS.nameChars}
          onChange={setName}
        />
        <TextField
          label="Description"
          value={description}
          rows={2}
          maxLength={LOREBOOK_LIMITS.descriptionChars}
          onChange={setDescription}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <NumberField
            label="Scan depth (messages)"
            value={settings.scanDepth}
            onChange={(t) =>
              setSettings((s) => ({ ...s, scanDepth: clamp(t, 1, LOREBOOK_LIMITS.scanDepthMax) }))
            }
          />
          <NumberField
            label="Token budget"
            value={settings.tokenBudget}
            onChange={(t) =>
              setSettings((s) => ({ ...s, tokenBudget: clamp(t, 1, LOREBOOK_LIMITS.tokenBudgetMax) }))
            }
          />
          <NumberField
            label="Recursion step limit"
            value={settings.maxRecursionSteps}
            isDisabled={!settings.recursiveScanning}
            onChange={(t) =>
              setSettings((s) => ({
                ...s,
                maxRecursionSteps: clamp(t, 1, LOREBOOK_LIMITS.recursionStepsMax),
              }))
            }
          />
        </div>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Check
            label="Recursive scanning"
            isOn={settings.recursiveScanning}
            onChange={(v) => setSettings((s) => ({ ...s, recursiveScanning: v }))}
          />
          {book.characterId === null && (
            <Check label="Always on in my chats" isOn={alwaysOn} onChange={setAlwaysOn} />
          )}
        </div>
      </fieldset>
      {error && <ErrorText>{error}</ErrorText>}
      {book.canEdit && (
        <div className="flex justify-end">
          <PrimaryButton type="submit" isDisabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save settings'}
          </PrimaryButton>
        </div>
      )}
    </form>
  );
}
