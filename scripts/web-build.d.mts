export declare const repoRoot: string;
export declare const webDir: string;
export declare const webDistIndex: string;
export declare function newestMtime(target: string): number;
export declare function webBuildReason(): string | null;
export declare function webSourcesExist(): boolean;
export declare function ensureWebBuilt(options?: { log?: (message: string) => void }): {
  built: boolean;
  skipped?: boolean;
  reason?: string;
};
export declare const WEB_BUILD_COMMAND: string[];
export declare function webBuildEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
