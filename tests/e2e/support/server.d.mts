export declare const READY_PATH: string;
export declare function freePort(): Promise<number>;
export declare function tempDataDir(prefix?: string): string;
export declare function rssBytes(pid: number): number | null;
export interface RunningServer {
  /** base address, no trailing slash */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** from spawn to the first 200 on READY_PATH */
  readyMs: number;
  output(): string;
  /** stops it (and removes a DATA_DIR it created) */
  stop(): Promise<void>;
}
export declare function startServer(opts?: {
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  keepDataDir?: boolean;
  pollMs?: number;
  /** listen on this port instead of a free one chosen here */
  port?: number;
}): Promise<RunningServer>;
export declare const SERVER_ENTRY: string;
