// Shapes of the embedded-model download calls (/api/models), shared by the server and the web app.

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

/** POST /api/models/download: `started` is false when the file is already there or a download is running. */
export type TStartDownloadResponse = TModelsStatus & { started: boolean };

/** DELETE /api/models/download: `aborted` is false when nothing was running. */
export type TAbortDownloadResponse = TModelsStatus & { aborted: boolean };
