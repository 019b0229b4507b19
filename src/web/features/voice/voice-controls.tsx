// The create page's voice picker and pitch and speed sliders: what the preview plays is what is saved.
import { VOICE_PITCH_RANGE, VOICE_RATE_RANGE } from '../../../shared/voice.ts';
import type { TVoiceControls } from './use-voice-controls.ts';

export function VoiceControls({
  controls,
  voiceId,
  onVoiceIdChange,
}: {
  controls: TVoiceControls;
  voiceId: string;
  onVoiceIdChange: (id: string) => void;
}) {
  const { settings, mapped, voices } = controls;
  if (!settings) return null;
  const picked = voices.some((v) => v.id === voiceId.trim()) ? voiceId.trim() : '';
  const mappedLabel = voices.find((v) => v.id === mapped?.voice)?.label ?? mapped?.voice;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <label className="block">
        <span className="mb-1 block text-sm text-muted">Voice picker</span>
        <select
          value={picked}
          onChange={(e) => onVoiceIdChange(e.target.value)}
          className="w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none"
        >
          <option value="">From the description ({mappedLabel})</option>
          {voices.map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="mb-1 flex justify-between text-sm text-muted">
          <span>Pitch</span>
          <output>
            {settings.pitch > 0 ? '+' : ''}
            {settings.pitch.toFixed(1)} st
          </output>
        </span>
        <input
          type="range"
          min={VOICE_PITCH_RANGE.min}
          max={VOICE_PITCH_RANGE.max}
          step={0.1}
          value={settings.pitch}
          aria-label="Pitch"
          onChange={(e) => controls.setPitch(Number(e.target.value))}
          className="w-full accent-accent"
        />
      </label>
      <label className="block">
        <span className="mb-1 flex justify-between text-sm text-muted">
          <span>Speed</span>
          <output>{settings.rate.toFixed(2)}×</output>
        </span>
        <input
          type="range"
          min={VOICE_RATE_RANGE.min}
          max={VOICE_RATE_RANGE.max}
          step={0.01}
          value={settings.rate}
          aria-label="Speed"
          onChange={(e) => controls.setRate(Number(e.target.value))}
          className="w-full accent-accent"
        />
      </label>
    </div>
  );
}
