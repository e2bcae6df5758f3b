export function findPgBin(): string | null;
export function freePort(): Promise<number>;
export function startPostgresCluster(options?: {
  durable?: boolean;
  maxConnections?: number;
  env?: NodeJS.ProcessEnv;
}): Promise<{ url: string; port: number; stop(): void }>;
