export declare const serverDir: string;
export declare const serverDist: string;
export declare const serverMain: string;
export declare const serverCli: string;
export declare function serverBuildReason(): string | null;
export declare function buildServer(): Promise<void>;
export declare function ensureServerBuilt(options?: { log?: (message: string) => void }): Promise<{ built: boolean; reason?: string }>;
export declare function buildBenchServer(name: string, entry: string): Promise<string>;
