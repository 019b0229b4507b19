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
      <Slider
        label="Pitch"
        shown={`${settings.pitch > 0 ? '+' : ''}${settings.pitch.toFixed(1)} st`}
        range={VOICE_PITCH_RANGE}
        step={0.1}
        value={settings.pitch}
        onChange={controls.setPitch}
      />
      <Slider
        label="Speed"
        shown={`${settings.rate.toFixed(2)}×`}
        range={VOICE_RATE_RANGE}
        step={0.01}
        value={settings.rate}
        onChange={controls.setRate}
      />
    </div>
  );
}

/** A labelled range with its value shown beside the label. */
function Slider(props: {
  label: string;
  shown: string;
  range: { min: number; max: number };
  step: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="block">
      <span className="mb-1 flex justify-between text-sm text-muted">
        <span>{props.label}</span>
        <output>{props.shown}</output>
      </span>
      <input
        type="range"
        min={props.range.min}
        max={props.range.max}
        step={props.step}
        value={props.value}
        aria-label={props.label}
        onChange={(e) => props.onChange(Number(e.target.value))}
        className="w-full accent-accent"
      />
    </label>
  );
}
