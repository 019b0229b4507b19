// Speech input: the browser's speech recognition where it exists, or recorded audio transcribed by the
// server when it has a transcription service; hidden where neither can work.
import { useQuery } from '@tanstack/react-query';
import { Mic, MicOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TVoiceCatalogue } from '../../../shared/voice.ts';
import { api } from '../../lib/api.ts';

type TRecognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  start(): void;
  stop(): void;
};
type TRecognitionClass = new () => TRecognition;

function recognitionClass(): TRecognitionClass | null {
  const w = window as unknown as {
    SpeechRecognition?: TRecognitionClass;
    webkitSpeechRecognition?: TRecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const voiceCatalogueQuery = {
  queryKey: ['voice-catalogue'],
  queryFn: () => api<TVoiceCatalogue>('/api/voice/voices'),
  staleTime: Number.POSITIVE_INFINITY,
};

export function MicButton({ onText }: { onText: (text: string) => void }) {
  const catalogue = useQuery(voiceCatalogueQuery);
  const [isListening, setIsListening] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);
  const Recognition = recognitionClass();
  const canRecord = typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
  const useServer = Boolean(catalogue.data?.canTranscribe) && canRecord;

  useEffect(() => () => stopRef.current?.(), []);

  if (!useServer && !Recognition) return null;

  const listenInBrowser = (R: TRecognitionClass) => {
    const recognition = new R();
    recognition.lang = navigator.language || 'en-US';
    recognition.interimResults = false;
    recognition.continuous = false;
    recognition.onresult = (e) => {
      const text = Array.from(e.results)
        .map((r) => r[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) onText(text);
    };
    recognition.onerror = (e) => console.error('Speech recognition failed', e.error);
    recognition.onend = () => {
      stopRef.current = null;
      setIsListening(false);
    };
    stopRef.current = () => recognition.stop();
    recognition.start();
    setIsListening(true);
  };

  const recordForServer = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    recorder.onstop = async () => {
      for (const track of stream.getTracks()) track.stop();
      stopRef.current = null;
      setIsListening(false);
      const form = new FormData();
      form.append('audio', new Blob(chunks, { type: recorder.mimeType }), 'speech.webm');
      try {
        const { text } = await api<{ text: string }>('/upload/transcribe', { method: 'POST', body: form });
        if (text) onText(text);
      } catch (error) {
        console.error('Transcription failed', error);
      }
    };
    stopRef.current = () => recorder.stop();
    recorder.start();
    setIsListening(true);
  };

  const onClick = () => {
    if (isListening) return stopRef.current?.();
    if (useServer) recordForServer().catch((error) => console.error('Recording failed', error));
    else if (Recognition) listenInBrowser(Recognition);
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={isListening ? 'Stop dictation' : 'Speak your message'}
      aria-pressed={isListening}
      title={isListening ? 'Stop dictation' : 'Speak your message'}
      className={`flex size-11 items-center justify-center rounded-xl border border-line hover:bg-panel-2 ${isListening ? 'text-red-400' : 'text-muted'}`}
    >
      {isListening ? <MicOff aria-hidden className="size-5" /> : <Mic aria-hidden className="size-5" />}
    </button>
  );
}
