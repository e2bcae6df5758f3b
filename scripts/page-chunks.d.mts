export type BuildManifest = Record<string, { file: string; src?: string; isEntry?: boolean; imports?: string[] }>;
export declare function entryKey(manifest: BuildManifest): string | undefined;
export declare function staticFiles(manifest: BuildManifest, keys: string[]): { files: Set<string>; missing: string[] };
