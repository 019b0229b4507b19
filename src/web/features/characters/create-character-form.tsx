// The character form: create (empty) or edit (filled with the person's own character). Required fields are
// checked before anything is sent: each missing one is named beside it and the first gets the focus.
// Save uploads a new avatar, creates or changes the character, then opens its chat.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ADULT_CHARACTER_LABEL,
  CHARACTER_LIMITS,
  ROLE_PLAY_PREFIX,
  type TPersona,
  withoutRolePlayPrefix,
} from '../../../shared/characters.ts';
import { LabelledInput } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';
import type { TSessionUser } from '../../lib/session.ts';
import { useVoiceControls } from '../voice/use-voice-controls.ts';
import { AvatarField } from './avatar-field.tsx';
import { FormField } from './form-field.tsx';
import { VoicePreview } from './voice-preview.tsx';

const input =
  'w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400';

type TFieldName = 'name' | 'tagline' | 'description' | 'avatar';
type TErrors = Partial<Record<TFieldName, string>>;
const ORDER: TFieldName[] = ['name', 'tagline', 'description', 'avatar'];

async function uploadAvatar(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('avatar', file);
  try {
    const res = await fetch('/upload/avatar', { method: 'POST', body: form, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`status ${res.status}: ${await res.text()}`);
    const { avatarUrl } = (await res.json()) as { avatarUrl?: string };
    return avatarUrl || null;
  } catch (error) {
    console.error('Upload failed', error);
    return null;
  }
}

export function CreateCharacterForm({ user, character }: { user: TSessionUser; character?: TPersona }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(character?.name ?? '');
  const [tagline, setTagline] = useState(character?.tagline ?? '');
  const [description, setDescription] = useState(
    character ? withoutRolePlayPrefix(character.description) : '',
  );
  const [greeting, setGreeting] = useState(character?.greeting ?? '');
  const [voiceId, setVoiceId] = useState(character?.voiceId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [sampleText, setSampleText] = useState('');
  const [voiceDescription, setVoiceDescription] = useState(character?.voiceDescription ?? '');
  const voiceControls = useVoiceControls(voiceDescription, voiceId, character?.voiceSettings);
  const [isAdult, setIsAdult] = useState(character?.isAdult ?? false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const refs = {
    name: useRef<HTMLInputElement>(null),
    tagline: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    avatar: useRef<HTMLInputElement>(null),
  };

  const showErrors = (next: TErrors) => {
    setErrors(next);
    const first = ORDER.find((f) => next[f]);
    if (first) refs[first].current?.focus();
  };

  const save = useMutation({
    mutationFn: async (): Promise<number | null> => {
      // Spec §5: the file is uploaded first; no URL from it, or no avatar at all, and creation stops.
      const uploaded = file ? await uploadAvatar(file) : null;
      if (file && !uploaded) {
        showErrors({ avatar: 'The avatar could not be uploaded. Choose another image.' });
        return null;
      }
      const avatarUrl = uploaded ?? character?.avatarUrl ?? null;
      if (!avatarUrl) {
        console.error('Failed to create character: an uploaded avatar is required');
        return null;
      }
      const body = {
        name,
        tagline,
        description: `${ROLE_PLAY_PREFIX}${description}`,
        avatarUrl,
        voiceId,
        voiceDescription,
        greeting: greeting.trim() || null,
        voiceSettings: voiceControls.stored,
        // People under 18 are not offered the mark (the server refuses it from them).
        ...(user.isMinor ? {} : { isAdult }),
      };
      if (character) {
        await api(`/api/character-personas/${character.id}`, { method: 'PUT', json: body });
        return character.id;
      }
      const created = await api<{ id: number }>('/api/character-personas', {
        method: 'POST',
        json: { ...body, userId: user.id },
      });
      return created.id;
    },
    onSuccess: async (id) => {
      if (id === null) return;
      await queryClient.invalidateQueries({ queryKey: ['characters'] });
      await queryClient.invalidateQueries({ queryKey: ['persona', id] });
      navigate(`/chat/${id}`);
    },
    onError: (error) => {
      console.error(character ? 'Failed to update character' : 'Failed to create character', error);
      setSaveError(error.message);
    },
  });

  const onSubmit = handleSubmit(() => {
    setSaveError(null);
    const missing: TErrors = {};
    if (!name.trim()) missing.name = 'Character Name is required';
    if (!tagline.trim()) missing.tagline = 'Tagline is required';
    if (!description.trim()) missing.description = 'Description is required';
    if (!file && !character?.avatarUrl) missing.avatar = 'Character Avatar is required: choose an image';
    showErrors(missing);
    if (Object.keys(missing).length > 0) {
      // Spec §8: a creation that cannot go ahead is logged too.
      console.error(`Failed to create character: ${Object.values(missing).join('; ')}`);
      return;
    }
    save.mutate();
  });
  const clear = (field: TFieldName) => errors[field] && setErrors((e) => ({ ...e, [field]: undefined }));
  /** A required text field's limit and look; typing in it clears its error. */
  const edits = (field: 'name' | 'tagline' | 'description', set: (value: string) => void) => ({
    maxLength: CHARACTER_LIMITS[field],
    className: input,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      set(e.target.value);
      clear(field);
    },
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5 rounded-3xl border border-line bg-panel p-5 sm:p-7"
    >
      <FormField label="Character Name" value={name} max={CHARACTER_LIMITS.name} error={errors.name}>
        {(field) => (
          <input
            {...field}
            {...edits('name', setName)}
            ref={refs.name}
            value={name}
            placeholder="Who are they?"
          />
        )}
      </FormField>
      <FormField label="Tagline" value={tagline} max={CHARACTER_LIMITS.tagline} error={errors.tagline}>
        {(field) => (
          <input
            {...field}
            {...edits('tagline', setTagline)}
            ref={refs.tagline}
            value={tagline}
            placeholder="One line people see under the name"
          />
        )}
      </FormField>
      <FormField
        label="Description"
        value={description}
        max={CHARACTER_LIMITS.description}
        error={errors.description}
      >
        {(field) => (
          <textarea
            {...field}
            {...edits('description', setDescription)}
            ref={refs.description}
            value={description}
            rows={7}
            placeholder="Personality, background and how they talk. Use {{userName}} for the person chatting."
          />
        )}
      </FormField>
      <FormField label="Greeting" value={greeting} max={CHARACTER_LIMITS.greeting}>
        {(field) => (
          <textarea
            {...field}
            value={greeting}
            onChange={(e) => setGreeting(e.target.value)}
            maxLength={CHARACTER_LIMITS.greeting}
            rows={3}
            placeholder="Optional: their first message in a new chat. Use {{userName}} for the person chatting."
            className={input}
          />
        )}
      </FormField>
      <AvatarField
        inputRef={refs.avatar}
        currentUrl={character?.avatarUrl}
        error={errors.avatar}
        onFileChange={(f) => {
          setFile(f);
          if (f) clear('avatar');
        }}
      />
      <LabelledInput
        label="Voice"
        value={voiceId}
        onValue={setVoiceId}
        maxLength={CHARACTER_LIMITS.voiceId}
        placeholder="Voice ID, e.g. slt"
        className={input}
      />
      <VoicePreview
        text={sampleText}
        voiceDescription={voiceDescription}
        onTextChange={setSampleText}
        onVoiceDescriptionChange={setVoiceDescription}
        controls={voiceControls}
        voiceId={voiceId}
        onVoiceIdChange={setVoiceId}
      />
      {user.isMinor ? null : (
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={isAdult}
            onChange={(e) => setIsAdult(e.target.checked)}
            className="mt-1 h-4 w-4 accent-accent"
          />
          <span>
            <span className="block font-medium">{ADULT_CHARACTER_LABEL}</span>
            <span className="block text-sm text-muted">
              For characters with sexual or other adult content. People under 18 never see them.
            </span>
          </span>
        </label>
      )}
      {saveError ? (
        <p role="alert" className="rounded-xl border border-red-400/60 bg-red-500/10 px-3 py-2 text-sm">
          {saveError}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={save.isPending}
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-white shadow-lg shadow-accent/25 transition hover:bg-accent-hover disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : character ? 'Save Changes' : 'Save Character'}
      </button>
    </form>
  );
}
