// One lorebook entry's fields: title, keys and secondary keys as chips with their logic, content, and
// when and where it goes in (enabled, constant, order, position, depth, case, whole words, probability).
import { useState } from 'react';
import {
  LORE_POSITIONS,
  LOREBOOK_LIMITS,
  SELECTIVE_LOGICS,
  type TLoreEntryFields,
  type TLorePosition,
  type TSelectiveLogic,
} from '../../../shared/lorebooks.ts';
import { CancelButton, ErrorText, PrimaryButton } from '../../components/form-parts.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';
import { Check, NumberField, SelectField, TextField } from './fields.tsx';
import { KeyChips } from './key-chips.tsx';

export const LOGIC_LABELS: Record<TSelectiveLogic, string> = {
  and_any: 'AND ANY',
  and_all: 'AND ALL',
  not_any: 'NOT ANY',
  not_all: 'NOT ALL',
};

export const POSITION_LABELS: Record<TLorePosition, string> = {
  before_char: 'Before the character definition',
  after_char: 'After the character definition',
  at_depth: 'At a depth in the chat',
};

export const NEW_ENTRY: TLoreEntryFields = {
  keys: [],
  secondaryKeys: [],
  selectiveLogic: 'and_any',
  content: '',
  enabled: true,
  constant: false,
  insertionOrder: 100,
  position: 'before_char',
  depth: 4,
  caseSensitive: false,
  matchWholeWords: true,
  probability: 100,
  comment: '',
};

export function EntryForm({
  initial,
  isReadOnly,
  isSaving,
  error,
  onSave,
  onCancel,
}: {
  initial: TLoreEntryFields;
  isReadOnly: boolean;
  isSaving: boolean;
  error: string | null;
  onSave: (fields: TLoreEntryFields) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof TLoreEntryFields>(key: K, value: TLoreEntryFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const number = (text: string, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.round(Number(text) || 0)));

  return (
    <form
      aria-label={fields.comment ? `Entry ${fields.comment}` : 'Entry'}
      className="space-y-3"
      onSubmit={handleSubmit(() => {
        if (!isReadOnly) onSave(fields);
      })}
    >
      <fieldset disabled={isReadOnly} className="space-y-3">
        <TextField
          label="Title"
          value={fields.comment}
          maxLength={LOREBOOK_LIMITS.commentChars}
          onChange={(t) => set('comment', t)}
        />
        <KeyChips label="Keys" keys={fields.keys} onChange={(k) => set('keys', k)} isReadOnly={isReadOnly} />
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <KeyChips
            label="Secondary keys"
            keys={fields.secondaryKeys}
            onChange={(k) => set('secondaryKeys', k)}
            isReadOnly={isReadOnly}
          />
          <SelectField
            label="Secondary key logic"
            value={fields.selectiveLogic}
            options={SELECTIVE_LOGICS}
            labels={LOGIC_LABELS}
            onChange={(v) => set('selectiveLogic', v)}
          />
        </div>
        <TextField
          label="Content"
          value={fields.content}
          rows={4}
          maxLength={LOREBOOK_LIMITS.contentChars}
          onChange={(t) => set('content', t)}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Position"
            value={fields.position}
            options={LORE_POSITIONS}
            labels={POSITION_LABELS}
            onChange={(v) => set('position', v)}
          />
          <NumberField
            label="Depth"
            value={fields.depth}
            isDisabled={fields.position !== 'at_depth'}
            onChange={(t) => set('depth', number(t, 0, LOREBOOK_LIMITS.depthMax))}
          />
          <NumberField
            label="Insertion order"
            value={fields.insertionOrder}
            onChange={(t) => set('insertionOrder', number(t, -100000, 100000))}
          />
          <NumberField
            label="Probability (%)"
            value={fields.probability}
            onChange={(t) => set('probability', number(t, 0, 100))}
          />
        </div>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Check label="Enabled" isOn={fields.enabled} onChange={(v) => set('enabled', v)} />
          <Check label="Constant (always in)" isOn={fields.constant} onChange={(v) => set('constant', v)} />
          <Check
            label="Case sensitive"
            isOn={fields.caseSensitive}
            onChange={(v) => set('caseSensitive', v)}
          />
          <Check
            label="Whole words"
            isOn={fields.matchWholeWords}
            onChange={(v) => set('matchWholeWords', v)}
          />
        </div>
      </fieldset>
      {error && <ErrorText>{error}</ErrorText>}
      <div className="flex justify-end gap-2">
        <CancelButton onClick={onCancel}>{isReadOnly ? 'Close' : 'Cancel'}</CancelButton>
        {!isReadOnly && (
          <PrimaryButton type="submit" isDisabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save entry'}
          </PrimaryButton>
        )}
      </div>
    </form>
  );
}
