export declare const ROOT: string;
export declare const CLIENT_INDEX: string;
export declare const SERVER_COMPILED: string;
export declare const SERVER_MAIN: string;
export declare function buildReason(part: 'client' | 'server' | 'bundle'): string | null;
export declare function run(
  command: string[],
  opts: { timeoutMs: number; env?: NodeJS.ProcessEnv; quiet?: boolean },
): Promise<{ code: number | null; output: string; timedOut: boolean }>;
export declare function ensureBuilt(opts?: { log?: (line: string) => void }): Promise<{ built: string[]; ms: number }>;
