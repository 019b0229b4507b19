// Shapes of the embedded-model download calls (/api/models), shared by the server and the web app, and
// what a reply says when no model answers.

/** A reply with no chat model set up at all (code model_unavailable): said to everyone. */
export const NO_MODEL_YET = 'This Kindred has no model yet.';
/** A reply whose model is set up but did not answer (code model_not_answering). */
export const MODEL_DID_NOT_ANSWER = 'The model did not answer. Please try again in a moment.';
/** The owner's way to a model, shown only to the owner and only when none is set up. */
export const HOW_TO_ADD_A_MODEL =
  'Set OPENAI_BASE_URL and OPENAI_API_KEY and restart Kindred for a hosted model, or run Ollama on this machine.';

export type TModelDownloadState =
  | { state: 'idle' }
  | { state: 'downloading'; receivedBytes: number; totalBytes: number | null }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/** One of the embedded models offered for download (GET /api/models/status lists them). */
export type TModelChoice = {
  id: 'fast' | 'better';
  name: string;
  file: string;
  url: string;
  sizeBytes: number;
  licence: string;
  /** Measured on a 2-core CPU (npm run bench:embedded-model). */
  tokensPerSecond: number;
  /** Time to the first word of a reply to a ~600-token chat prompt, same machine. */
  firstTokenSeconds: number;
  note: string;
};

export type TModelsStatus = {
  embedded: {
    /** The GGUF file name in the data folder's models/ (LLAMA_MODEL_FILE). */
    file: string;
    isPresent: boolean;
    download: TModelDownloadState;
  };
  /** The models on offer, each with whether its file is in the data folder. */
  choices?: (TModelChoice & { isPresent: boolean; download: TModelDownloadState })[];
};

/** GET /api/models/status: the downloads, and whether any chat model is set up (one down for a moment counts). */
export type TModelsStatusResponse = TModelsStatus & { hasChatModel: boolean };

/** POST /api/models/download: `started` is false when the file is already there or a download is running. */
export type TStartDownloadResponse = TModelsStatus & { started: boolean };

/** DELETE /api/models/download: `aborted` is false when nothing was running. */
export type TAbortDownloadResponse = TModelsStatus & { aborted: boolean };

/** The background re-embed after a change of memory encoder (counts are memories, everyone's). */
export type TReembedProgress =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; done: number }
  | { state: 'failed'; done: number; total: number };

/** GET /api/models/embedding (the owner's): the sentence-embedding model memory can download and use. */
export type TEmbeddingModelStatus = {
  name: string;
  file: string;
  url: string;
  sizeBytes: number;
  licence: string;
  note: string;
  isPresent: boolean;
  download: TModelDownloadState;
  /** Whether memory uses it now; false: the shipped Universal Sentence Encoder lite (or a remote encoder). */
  isInUse: boolean;
  /** Loading the downloaded file to use it, or it did not load (memory then keeps its encoder). */
  load: 'idle' | 'loading' | 'failed';
  /** The encoder memory uses now (its id, as stored beside each vector). */
  encoder: string;
  reembed: TReembedProgress;
};

/** POST /api/models/embedding/download: `started` is false when the file is there or a download runs. */
export type TStartEmbeddingDownloadResponse = TEmbeddingModelStatus & { started: boolean };
