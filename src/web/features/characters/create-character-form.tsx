// The create form: fields with the spec's limits; Save uploads the avatar, creates, then opens the chat.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHARACTER_LIMITS, ROLE_PLAY_PREFIX } from '../../../shared/characters.ts';
import { api } from '../../lib/api.ts';
import type { TSessionUser } from '../../lib/session.ts';
import { useVoiceControls } from '../voice/use-voice-controls.ts';
import { AvatarField } from './avatar-field.tsx';
import { VoicePreview } from './voice-preview.tsx';

const input =
  'w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none';

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

/** A labelled field with a length counter kept out of the label, so the label is the field's name. */
function Field({
  label,
  value,
  max,
  children,
}: {
  label: string;
  value: string;
  max: number;
  children: (id: string, counterId: string) => ReactNode;
}) {
  const id = useId();
  const counterId = `${id}-count`;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-muted">
        <label htmlFor={id}>{label}</label>
        <span id={counterId} className="text-xs tabular-nums">
          {value.length}/{max}
        </span>
      </div>
      {children(id, counterId)}
    </div>
  );
}

export function CreateCharacterForm({ user }: { user: TSessionUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [tagline, setTagline] = useState('');
  const [description, setDescription] = useState('');
  const [greeting, setGreeting] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sampleText, setSampleText] = useState('');
  const [voiceDescription, setVoiceDescription] = useState('');
  const voiceControls = useVoiceControls(voiceDescription, voiceId);

  const save = useMutation({
    mutationFn: async (): Promise<number | null> => {
      // Spec §5: the file is uploaded first; no URL from it, or no avatar at all, and creation stops.
      const avatarUrl = file ? await uploadAvatar(file) : null;
      if (!avatarUrl) {
        console.error('Failed to create character: an uploaded avatar is required');
        return null;
      }
      const created = await api<{ id: number }>('/api/character-personas', {
        method: 'POST',
        json: {
          name,
          tagline,
          description: `${ROLE_PLAY_PREFIX}${description}`,
          avatarUrl,
          voiceId,
          voiceDescription,
          greeting: greeting.trim() || null,
          voiceSettings: voiceControls.stored,
          userId: user.id,
        },
      });
      return created.id;
    },
    onSuccess: async (id) => {
      if (id === null) return;
      await queryClient.invalidateQueries({ queryKey: ['characters', 'own', user.id] });
      navigate(`/chat/${id}`);
    },
    onError: (error) => console.error('Failed to create character', error),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5 rounded-3xl border border-line bg-panel p-5 sm:p-7">
      <Field label="Character Name" value={name} max={CHARACTER_LIMITS.name}>
        {(id, counterId) => (
          <input
            id={id}
            aria-describedby={counterId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={CHARACTER_LIMITS.name}
            placeholder="Who are they?"
            className={input}
          />
        )}
      </Field>
      <Field label="Tagline" value={tagline} max={CHARACTER_LIMITS.tagline}>
        {(id, counterId) => (
          <input
            id={id}
            aria-describedby={counterId}
            value={tagline}
            onChange={(e) => setTagline(e.target.value)}
            maxLength={CHARACTER_LIMITS.tagline}
            placeholder="One line people see under the name"
            className={input}
          />
        )}
      </Field>
      <Field label="Description" value={description} max={CHARACTER_LIMITS.description}>
        {(id, counterId) => (
          <textarea
            id={id}
            aria-describedby={counterId}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={CHARACTER_LIMITS.description}
            rows={7}
            placeholder="Personality, background and how they talk. Use {{userName}} for the person chatting."
            className={input}
          />
        )}
      </Field>
      <Field label="Greeting" value={greeting} max={CHARACTER_LIMITS.greeting}>
        {(id, counterId) => (
          <textarea
            id={id}
            aria-describedby={counterId}
            value={greeting}
            onChange={(e) => setGreeting(e.target.value)}
            maxLength={CHARACTER_LIMITS.greeting}
            rows={3}
            placeholder="Optional: their first message in a new chat. Use {{userName}} for the person chatting."
            className={input}
          />
        )}
      </Field>
      <AvatarField onFileChange={setFile} />
      <label className="block">
        <span className="mb-1 block text-sm text-muted">Voice</span>
        <input
          value={voiceId}
          onChange={(e) => setVoiceId(e.target.value)}
          maxLength={CHARACTER_LIMITS.voiceId}
          placeholder="Voice ID, e.g. slt"
          className={input}
        />
      </label>
      <VoicePreview
        text={sampleText}
        voiceDescription={voiceDescription}
        onTextChange={setSampleText}
        onVoiceDescriptionChange={setVoiceDescription}
        controls={voiceControls}
        voiceId={voiceId}
        onVoiceIdChange={setVoiceId}
      />
      <button
        type="submit"
        disabled={save.isPending}
        className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-white shadow-lg shadow-accent/25 transition hover:bg-accent-2 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save Character'}
      </button>
    </form>
  );
}
