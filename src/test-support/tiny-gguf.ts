// Writes a tiny random-weight llama-architecture GGUF so tests can exercise the llama.cpp path without a real model.
import { writeFile } from 'node:fs/promises';

// GGUF v3 value types (gguf.h).
const GGUF_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

// llama.cpp token types (llama_token_type).
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

export type TTinyGgufOptions = {
  /** Seed of the weights, so a file is the same on every run. */
  seed?: number;
  embeddingLength?: number;
  headCount?: number;
  feedForwardLength?: number;
  blockCount?: number;
  contextLength?: number;
};

type TKvValue =
  | { type: 'uint32'; value: number }
  | { type: 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'float32s'; value: number[] }
  | { type: 'int32s'; value: number[] };

type TTensor = { name: string; dims: number[]; data: Float32Array };

/** Word pieces in SentencePiece style ('▁' is a leading space), so generated tokens are printable text. */
const WORDS = [
  'hello',
  'friend',
  'I',
  'you',
  'the',
  'a',
  'is',
  'am',
  'here',
  'hear',
  'and',
  'to',
  'of',
  'it',
  'that',
  'what',
  'how',
  'are',
  'good',
  'day',
  'think',
  'feel',
  'story',
  'tell',
  'me',
  'my',
  'your',
  'we',
  'yes',
  'no',
];

function buildVocab(): { tokens: string[]; scores: number[]; types: number[]; normalFrom: number } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  const normalFrom = tokens.length;
  const pieces = new Set<string>(['▁']);
  for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'-:;") pieces.add(ch);
  for (const ch of 'abcdefghijklmnopqrstuvwxyz') pieces.add(`▁${ch}`);
  for (const word of WORDS) pieces.add(`▁${word}`);
  for (const piece of pieces) {
    tokens.push(piece);
    types.push(TOKEN_NORMAL);
  }
  // SentencePiece prefers merges with higher scores: longer pieces win.
  const scores = tokens.map((token, id) => (id < normalFrom ? 0 : -1 / token.length));
  return { tokens, scores, types, normalFrom };
}

/** mulberry32: small deterministic PRNG. */
function makeRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class ByteWriter {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** A little-endian number of `size` bytes, written by `write`. */
  private fixed(size: number, write: (b: Buffer) => unknown): void {
    const b = Buffer.alloc(size);
    write(b);
    this.push(b);
  }

  u32(value: number): void {
    this.fixed(4, (b) => b.writeUInt32LE(value));
  }

  i32(value: number): void {
    this.fixed(4, (b) => b.writeInt32LE(value));
  }

  u64(value: number): void {
    this.fixed(8, (b) => b.writeBigUInt64LE(BigInt(value)));
  }

  f32(value: number): void {
    this.fixed(4, (b) => b.writeFloatLE(value));
  }

  str(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }

  padTo(alignment: number): void {
    const rest = this.length % alignment;
    if (rest !== 0) this.push(Buffer.alloc(alignment - rest));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeKv(w: ByteWriter, key: string, kv: TKvValue): void {
  w.str(key);
  switch (kv.type) {
    case 'uint32':
      w.u32(GGUF_TYPE.uint32);
      w.u32(kv.value);
      return;
    case 'float32':
      w.u32(GGUF_TYPE.float32);
      w.f32(kv.value);
      return;
    case 'bool':
      w.u32(GGUF_TYPE.bool);
      w.push(Buffer.from([kv.value ? 1 : 0]));
      return;
    case 'string':
      w.u32(GGUF_TYPE.string);
      w.str(kv.value);
      return;
    case 'strings':
      writeArray(w, GGUF_TYPE.string, kv.value, (s) => w.str(s));
      return;
    case 'float32s':
      writeArray(w, GGUF_TYPE.float32, kv.value, (f) => w.f32(f));
      return;
    case 'int32s':
      writeArray(w, GGUF_TYPE.int32, kv.value, (i) => w.i32(i));
      return;
  }
}

/** A GGUF array: its element type, its length, then each element. */
function writeArray<T>(w: ByteWriter, elementType: number, values: T[], write: (value: T) => void): void {
  w.u32(GGUF_TYPE.array);
  w.u32(elementType);
  w.u64(values.length);
  for (const value of values) write(value);
}

/** Builds the bytes of a tiny llama GGUF (about 250 KB with the defaults). */
export function buildTinyGguf(options: TTinyGgufOptions = {}): Buffer {
  const nEmbd = options.embeddingLength ?? 64;
  const nHead = options.headCount ?? 2;
  const nFf = options.feedForwardLength ?? 128;
  const nBlocks = options.blockCount ?? 1;
  const nCtx = options.contextLength ?? 2048;
  const random = makeRandom(options.seed ?? 42);
  const vocab = buildVocab();
  const nVocab = vocab.tokens.length;

  const weights = (count: number, scale: number): Float32Array => {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = (random() * 2 - 1) * scale;
    return data;
  };
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);

  // The output projection only favours normal pieces: control and byte tokens keep zero rows, so a
  // random model rarely ends the reply at once or emits half a UTF-8 character.
  const output = weights(nEmbd * nVocab, 0.5);
  output.fill(0, 0, vocab.normalFrom * nEmbd);

  // ggml lists dimensions innermost first: a [rows=out, cols=in] matrix is dims [in, out].
  const tensors: TTensor[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], data: weights(nEmbd * nVocab, 1) },
    { name: 'output_norm.weight', dims: [nEmbd], data: ones(nEmbd) },
    { name: 'output.weight', dims: [nEmbd, nVocab], data: output },
  ];
  for (let b = 0; b < nBlocks; b++) {
    const scale = 1 / Math.sqrt(nEmbd);
    tensors.push(
      { name: `blk.${b}.attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `blk.${b}.attn_q.weight`, dims: [nEmbd, nEmbd], data: weights(nEmbd * nEmbd, scale) },
      { name: `blk.${b}.attn_k.weight`, dims: [nEmbd, nEmbd], data: weights(nEmbd * nEmbd, scale) },
      { name: `blk.${b}.attn_v.weight`, dims: [nEmbd, nEmbd], data: weights(nEmbd * nEmbd, scale) },
      { name: `blk.${b}.attn_output.weight`, dims: [nEmbd, nEmbd], data: weights(nEmbd * nEmbd, scale) },
      { name: `blk.${b}.ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `blk.${b}.ffn_gate.weight`, dims: [nEmbd, nFf], data: weights(nEmbd * nFf, scale) },
      { name: `blk.${b}.ffn_up.weight`, dims: [nEmbd, nFf], data: weights(nEmbd * nFf, scale) },
      {
        name: `blk.${b}.ffn_down.weight`,
        dims: [nFf, nEmbd],
        data: weights(nFf * nEmbd, 1 / Math.sqrt(nFf)),
      },
    );
  }

  const kvs: [string, TKvValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'kindred-tiny-test' }],
    ['general.alignment', { type: 'uint32', value: ALIGNMENT }],
    ['general.file_type', { type: 'uint32', value: 0 }], // all F32
    ['llama.context_length', { type: 'uint32', value: nCtx }],
    ['llama.embedding_length', { type: 'uint32', value: nEmbd }],
    ['llama.block_count', { type: 'uint32', value: nBlocks }],
    ['llama.feed_forward_length', { type: 'uint32', value: nFf }],
    ['llama.attention.head_count', { type: 'uint32', value: nHead }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'uint32', value: nEmbd / nHead }],
    ['llama.vocab_size', { type: 'uint32', value: nVocab }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: vocab.tokens }],
    ['tokenizer.ggml.scores', { type: 'float32s', value: vocab.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32s', value: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
  ];

  const w = new ByteWriter();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kvs.length);
  for (const [key, value] of kvs) writeKv(w, key, value);

  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    w.str(tensor.name);
    w.u32(tensor.dims.length);
    for (const dim of tensor.dims) w.u64(dim);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offsets.push(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  w.padTo(ALIGNMENT);
  for (const tensor of tensors) {
    w.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    w.padTo(ALIGNMENT);
  }
  return w.toBuffer();
}

/** Writes the tiny GGUF to `path` and returns its size in bytes. */
export async function writeTinyGguf(path: string, options: TTinyGgufOptions = {}): Promise<number> {
  const bytes = buildTinyGguf(options);
  await writeFile(path, bytes);
  return bytes.length;
}
