/**
 * DATA_DIR/ops.json: where a running server's operations port listens and the token it takes
 * (server/ops/server.ts writes it, `npm run clinic -- backup` reads it). Its own small module so
 * the command line does not load the server to read it.
 */
import path from 'node:path';

export interface OpsFile {
  pid: number;
  /** Where to connect (a wildcard listen address becomes loopback). */
  host: string;
  port: number;
  token: string;
}

export const opsFile = (dataDir: string) => path.join(dataDir, 'ops.json');
