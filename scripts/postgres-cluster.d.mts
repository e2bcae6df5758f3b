export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startPostgresCluster(options?: {
  durable?: boolean;
  maxConnections?: number;
  env?: NodeJS.ProcessEnv;
  /** Keep the cluster in this folder after stop(), and reuse it when it holds one. */
  keepIn?: string;
}): Promise<{ url: string; port: number; stop(): void; fresh: boolean }>;
