export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startPostgresCluster(options?: {
  durable?: boolean;
  maxConnections?: number;
  env?: NodeJS.ProcessEnv;
  /** Keep the cluster in this folder after stop(), and reuse it when it holds one. */
  keepIn?: string;
  /** More server settings, each `name=value` (passed as -c; the replica gets them too). */
  settings?: string[];
}): Promise<{
  url: string;
  port: number;
  stop(): void;
  fresh: boolean;
  /** Starts a streaming replica of this cluster on another port (stop() also ends it). */
  startReplica(): Promise<{ url: string; port: number; stop(): void }>;
}>;
