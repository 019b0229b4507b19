// The catalog of embedded models a person can download: a fast small one (the default) and a better larger one.
// Speeds measured on this project's 2-core CI machine (AMD EPYC, CPU only, 2 threads) by
// `npm run bench:embedded-model`, with random-weight GGUFs of each model's exact architecture and
// quantization: a ~600-token chat prompt, then 64 generated tokens (median of three runs, load average
// about 3 from other work on the machine: an idle machine is a little faster).
import type { TModelChoice } from '../../../shared/models.ts';
import { DEFAULT_MODEL_URL } from './download-model.ts';

export const MODEL_CATALOG: readonly TModelChoice[] = [
  {
    id: 'fast',
    name: 'Qwen2.5 0.5B Instruct (Q4_K_M)',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    url: DEFAULT_MODEL_URL,
    sizeBytes: 491_000_000, // as the publisher lists it (the random-weight twin is 488 MB)
    licence: 'Apache-2.0',
    tokensPerSecond: 30,
    firstTokenSeconds: 2.9,
    note: 'Fast on any computer; weak at long role-play.',
  },
  {
    id: 'better',
    name: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sizeBytes: 1_120_000_000, // as the publisher lists it
    licence: 'Apache-2.0',
    tokensPerSecond: 18,
    firstTokenSeconds: 8.1,
    note: 'Better characters; wants a faster computer.',
  },
];

export function catalogModel(id: string | undefined): TModelChoice | undefined {
  return MODEL_CATALOG.find((choice) => choice.id === (id ?? 'fast'));
}

/** The sentence-embedding model memory can download besides the chat models (saved as EMBEDDING_GGUF_FILE). */
export const EMBEDDING_MODEL_CHOICE = {
  name: 'BGE small English v1.5 (Q8_0)',
  sizeBytes: 36_800_000, // about: 33 million weights at 8.5 bits; the download shows the server's own length
  licence: 'MIT',
  note: 'Finds memories by meaning better than the built-in encoder; runs on the CPU.',
} as const;
