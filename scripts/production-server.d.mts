export interface RunningServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** http://127.0.0.1:PORT/encuestas */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops the server and deletes its DATA_DIR (unless keepDataDir, e.g. to reuse it as a template). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}
export declare function spawnProductionServer(options: {
  dataDir: string;
  smtpUrl?: string | undefined;
  env?: Record<string, string>;
  /** Hang detector for the start (migrations and the demo seed on a busy machine). */
  readyWithinMs: number;
  /** A port chosen beforehand (e.g. registered with an identity provider); a free one by default. */
  port?: number | undefined;
  /** More options for node, e.g. `--cpu-prof` (NODE_OPTIONS does not take it). */
  nodeArgs?: string[];
}): Promise<RunningServer>;
