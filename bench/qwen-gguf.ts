// Writes a random-weight GGUF with the exact architecture and quantization layout of a Qwen2.5 Instruct
// GGUF (Q4_K_M as llama.cpp makes it), so the embedded model's speed can be measured without the real
// weights: llama.cpp does the same work per token whatever the weights' values are.
// Nothing is downloaded. Used by bench/embedded-model.ts.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** The hyperparameters of a Qwen2.5 Instruct model (from its config.json / its official GGUF). */
export type TQwenShape = {
  name: string;
  embedding: number;
  blocks: number;
  feedForward: number;
  heads: number;
  kvHeads: number;
  vocab: number;
  context: number;
};

export const QWEN25_05B: TQwenShape = {
  name: 'Qwen2.5-0.5B-Instruct',
  embedding: 896,
  blocks: 24,
  feedForward: 4864,
  heads: 14,
  kvHeads: 2,
  vocab: 151936,
  context: 32768,
};

export const QWEN25_15B: TQwenShape = {
  name: 'Qwen2.5-1.5B-Instruct',
  embedding: 1536,
  blocks: 28,
  feedForward: 8960,
  heads: 12,
  kvHeads: 2,
  vocab: 151936,
  context: 32768,
};

// ggml types and their blocks: [elements per block, bytes per block].
const T = { F32: 0, Q5_0: 6, Q8_0: 8, Q4_K: 12, Q6_K: 14 } as const;
type TType = (typeof T)[keyof typeof T];
const BLOCK: Record<TType, [number, number]> = {
  [T.F32]: [1, 4],
  [T.Q5_0]: [32, 22],
  [T.Q8_0]: [32, 34],
  [T.Q4_K]: [256, 144],
  [T.Q6_K]: [256, 210],
};
const TYPE_NAME: Record<TType, string> = {
  [T.F32]: 'F32',
  [T.Q5_0]: 'Q5_0',
  [T.Q8_0]: 'Q8_0',
  [T.Q4_K]: 'Q4_K',
  [T.Q6_K]: 'Q6_K',
};

/** llama.cpp's Q4_K_M choice: more bits for some attn_v/ffn_down layers (use_more_bits). */
function hasMoreBits(layer: number, layers: number): boolean {
  return layer < layers / 8 || layer >= (7 * layers) / 8 || (layer - Math.floor(layers / 8)) % 3 === 2;
}

/** A k-quant needs rows that are a multiple of 256; llama.cpp falls back to Q5_0 (for Q4_K) or Q8_0 (Q6_K). */
function fitted(type: TType, rowLength: number): TType {
  if (rowLength % 256 === 0) return type;
  if (type === T.Q4_K) return T.Q5_0;
  if (type === T.Q6_K) return T.Q8_0;
  return type;
}

type TTensor = { name: string; dims: number[]; type: TType };

export function qwenTensors(shape: TQwenShape): TTensor[] {
  const e = shape.embedding;
  const kv = (e / shape.heads) * shape.kvHeads;
  const tensors: TTensor[] = [
    { name: 'token_embd.weight', dims: [e, shape.vocab], type: fitted(T.Q4_K, e) },
    { name: 'output_norm.weight', dims: [e], type: T.F32 },
    { name: 'output.weight', dims: [e, shape.vocab], type: fitted(T.Q6_K, e) },
  ];
  for (let i = 0; i < shape.blocks; i++) {
    const more = hasMoreBits(i, shape.blocks);
    const b = `blk.${i}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [e], type: T.F32 },
      { name: `${b}.attn_q.weight`, dims: [e, e], type: fitted(T.Q4_K, e) },
      { name: `${b}.attn_q.bias`, dims: [e], type: T.F32 },
      { name: `${b}.attn_k.weight`, dims: [e, kv], type: fitted(T.Q4_K, e) },
      { name: `${b}.attn_k.bias`, dims: [kv], type: T.F32 },
      { name: `${b}.attn_v.weight`, dims: [e, kv], type: fitted(more ? T.Q6_K : T.Q4_K, e) },
      { name: `${b}.attn_v.bias`, dims: [kv], type: T.F32 },
      { name: `${b}.attn_output.weight`, dims: [e, e], type: fitted(T.Q4_K, e) },
      { name: `${b}.ffn_norm.weight`, dims: [e], type: T.F32 },
      { name: `${b}.ffn_gate.weight`, dims: [e, shape.feedForward], type: fitted(T.Q4_K, e) },
      { name: `${b}.ffn_up.weight`, dims: [e, shape.feedForward], type: fitted(T.Q4_K, e) },
      {
        name: `${b}.ffn_down.weight`,
        dims: [shape.feedForward, e],
        type: fitted(more ? T.Q6_K : T.Q4_K, shape.feedForward),
      },
    );
  }
  return tensors;
}

const tensorBytes = (t: TTensor) => {
  const [per, bytes] = BLOCK[t.type];
  return (t.dims.reduce((a, b) => a * b, 1) / per) * bytes;
};

/** The tensor types, counted: e.g. { Q5_0: 145, Q8_0: 14, ... }. */
export function typeCounts(shape: TQwenShape): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of qwenTensors(shape)) counts[TYPE_NAME[t.type]] = (counts[TYPE_NAME[t.type]] ?? 0) + 1;
  return counts;
}

// ---- GGUF v3 writing ----
class Bytes {
  parts: Buffer[] = [];
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.parts.push(b);
  }
  u64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.parts.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.parts.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.parts.push(b);
  }
}

type TKv = ['u32', number] | ['f32', number] | ['str', string] | ['strs', string[]] | ['i32s', number[]];
const KV_TYPE = { u32: 4, f32: 6, str: 8, array: 9, i32: 5 };

function writeKv(w: Bytes, key: string, [kind, value]: TKv) {
  w.str(key);
  if (kind === 'u32') {
    w.u32(KV_TYPE.u32);
    w.u32(value);
  } else if (kind === 'f32') {
    w.u32(KV_TYPE.f32);
    w.f32(value);
  } else if (kind === 'str') {
    w.u32(KV_TYPE.str);
    w.str(value);
  } else if (kind === 'strs') {
    w.u32(KV_TYPE.array);
    w.u32(KV_TYPE.str);
    w.u64(value.length);
    for (const s of value) w.str(s);
  } else {
    w.u32(KV_TYPE.array);
    w.u32(KV_TYPE.i32);
    w.u64(value.length);
    const b = Buffer.alloc(4 * value.length);
    for (const [i, v] of value.entries()) b.writeInt32LE(v, i * 4);
    w.parts.push(b);
  }
}

/** GPT-2's byte-to-unicode table: byte-level BPE tokens are written with these characters. */
function byteChars(): string[] {
  const printable = new Set<number>();
  for (let c = 33; c <= 126; c++) printable.add(c);
  for (let c = 161; c <= 172; c++) printable.add(c);
  for (let c = 174; c <= 255; c++) printable.add(c);
  const chars: string[] = [];
  let extra = 0;
  for (let b = 0; b < 256; b++) chars.push(String.fromCharCode(printable.has(b) ? b : 256 + extra++));
  return chars;
}

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

function vocabulary(size: number) {
  const bytes = byteChars();
  const tokens = [...bytes];
  // Word-like tokens ('Ġ' is a leading space), unique, to fill the vocabulary to its real size.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; tokens.length < size - 22; i++) {
    let word = '';
    for (let n = i + 27; n > 0; n = Math.floor((n - 1) / 26)) word = letters[(n - 1) % 26] + word;
    tokens.push(i % 2 ? `Ġ${word}` : word);
  }
  const specials = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
  while (tokens.length + specials.length < size)
    specials.push(`<|extra_${tokens.length + specials.length}|>`);
  const types = tokens.map(() => 1).concat(specials.map(() => 3));
  return { tokens: tokens.concat(specials), types, eos: tokens.length + 2, bos: tokens.length };
}

/** Writes the GGUF; returns its size in bytes. Weights are random but finite (scales kept small). */
export async function writeQwenGguf(file: string, shape: TQwenShape, seed = 1): Promise<number> {
  const tensors = qwenTensors(shape);
  const vocab = vocabulary(shape.vocab);
  const kvs: [string, TKv][] = [
    ['general.architecture', ['str', 'qwen2']],
    ['general.name', ['str', `${shape.name} (random weights, for benchmarks)`]],
    ['general.file_type', ['u32', 15]], // MOSTLY_Q4_K_M
    ['general.alignment', ['u32', 32]],
    ['qwen2.context_length', ['u32', shape.context]],
    ['qwen2.embedding_length', ['u32', shape.embedding]],
    ['qwen2.block_count', ['u32', shape.blocks]],
    ['qwen2.feed_forward_length', ['u32', shape.feedForward]],
    ['qwen2.attention.head_count', ['u32', shape.heads]],
    ['qwen2.attention.head_count_kv', ['u32', shape.kvHeads]],
    ['qwen2.rope.freq_base', ['f32', 1_000_000]],
    ['qwen2.attention.layer_norm_rms_epsilon', ['f32', 1e-6]],
    ['tokenizer.ggml.model', ['str', 'gpt2']],
    ['tokenizer.ggml.pre', ['str', 'qwen2']],
    ['tokenizer.ggml.tokens', ['strs', vocab.tokens]],
    ['tokenizer.ggml.token_type', ['i32s', vocab.types]],
    ['tokenizer.ggml.merges', ['strs', ['Ġ t', 'Ġ a', 'h e', 'i n']]],
    ['tokenizer.ggml.eos_token_id', ['u32', vocab.eos]],
    ['tokenizer.ggml.padding_token_id', ['u32', vocab.bos]],
    ['tokenizer.ggml.bos_token_id', ['u32', vocab.bos]],
    ['tokenizer.chat_template', ['str', CHATML]],
  ];
  const head = new Bytes();
  head.parts.push(Buffer.from('GGUF'));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(kvs.length);
  for (const [key, value] of kvs) writeKv(head, key, value);
  let offset = 0;
  const align = (n: number) => Math.ceil(n / 32) * 32;
  for (const t of tensors) {
    head.str(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(t.type);
    head.u64(offset);
    offset = align(offset + tensorBytes(t));
  }
  let headBuffer = Buffer.concat(head.parts);
  headBuffer = Buffer.concat([headBuffer, Buffer.alloc(align(headBuffer.length) - headBuffer.length)]);

  const out = createWriteStream(file);
  const write = async (b: Buffer) => {
    if (!out.write(b)) await once(out, 'drain');
  };
  await write(headBuffer);
  let state = seed >>> 0 || 1;
  const random = (buf: Buffer) => {
    for (let i = 0; i + 4 <= buf.length; i += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      buf.writeUInt32LE(state >>> 0, i);
    }
  };
  const HALF_SMALL = 0x1800; // f16 ≈ 0.0020: block scales that keep activations finite
  for (const t of tensors) {
    const size = tensorBytes(t);
    const [per, bytes] = BLOCK[t.type];
    const blocks = size / bytes;
    const chunkBlocks = Math.max(1, Math.floor((1 << 22) / bytes));
    for (let done = 0; done < blocks; done += chunkBlocks) {
      const n = Math.min(chunkBlocks, blocks - done);
      const buf = Buffer.alloc(n * bytes);
      if (t.type === T.F32) {
        for (let i = 0; i < n; i++) buf.writeFloatLE(t.name.includes('norm') ? 1 : 0.01, i * 4);
      } else {
        random(buf);
        for (let i = 0; i < n; i++) {
          const at = i * bytes;
          if (t.type === T.Q5_0 || t.type === T.Q8_0) buf.writeUInt16LE(HALF_SMALL, at);
          else if (t.type === T.Q4_K) {
            buf.writeUInt16LE(HALF_SMALL, at);
            buf.writeUInt16LE(HALF_SMALL, at + 2);
          } else if (t.type === T.Q6_K) buf.writeUInt16LE(HALF_SMALL, at + 208);
        }
      }
      void per;
      await write(buf);
    }
    const padding = align(size) - size;
    if (padding > 0) await write(Buffer.alloc(padding));
  }
  out.end();
  await once(out, 'finish');
  return headBuffer.length + offset;
}
