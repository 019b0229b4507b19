// The create form's 'Voice Preview Test': sample text and a voice description, played on demand.

import { LabelledInput } from '../../components/form-parts.tsx';
import type { TVoiceControls } from '../voice/use-voice-controls.ts';
import { VoiceControls } from '../voice/voice-controls.tsx';
import { useVoicePreview } from './use-voice-preview.ts';

const input =
  'w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none';

export function VoicePreview({
  text,
  voiceDescription,
  onTextChange,
  onVoiceDescriptionChange,
  controls,
  voiceId,
  onVoiceIdChange,
}: {
  text: string;
  voiceDescription: string;
  onTextChange: (v: string) => void;
  onVoiceDescriptionChange: (v: string) => void;
  /** Voice: the picker and sliders; the preview plays their settings. */
  controls?: TVoiceControls;
  voiceId?: string;
  onVoiceIdChange?: (id: string) => void;
}) {
  const voice = useVoicePreview();
  return (
    <fieldset className="space-y-3 rounded-2xl border border-line bg-ink/40 p-4">
      <legend className="px-1 text-sm font-semibold">Voice Preview Test</legend>
      <label className="block">
        <span className="mb-1 block text-sm text-muted">Sample Text</span>
        <textarea
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          rows={2}
          placeholder="Hello! It's lovely to meet you."
          className={input}
        />
      </label>
      <LabelledInput
        label="Voice Description"
        value={voiceDescription}
        onValue={onVoiceDescriptionChange}
        placeholder="warm, calm, low female voice"
        className={input}
      />
      {controls && onVoiceIdChange && (
        <VoiceControls controls={controls} voiceId={voiceId ?? ''} onVoiceIdChange={onVoiceIdChange} />
      )}
      <div className="flex gap-2">
        {voice.state === 'playing' ? (
          <button
            type="button"
            onClick={voice.stop}
            className="rounded-xl border border-line px-4 py-2 text-sm font-medium hover:bg-panel-2"
          >
            ⏹️ Stop Voice
          </button>
        ) : (
          <button
            type="button"
            onClick={() => voice.preview(text, voiceDescription, controls?.settings)}
            disabled={voice.state === 'generating'}
            aria-busy={voice.state === 'generating'}
            className="rounded-xl border border-accent/60 px-4 py-2 text-sm font-medium text-accent-2 hover:bg-accent/10 disabled:opacity-70"
          >
            {voice.state === 'generating' ? 'Generating Voice' : '🔊 Preview Voice'}
          </button>
        )}
      </div>
    </fieldset>
  );
}
