export const PEERS: Record<string, { version: string; with?: Record<string, string>; overrides?: Record<string, string> }>;
export function peerDir(name: string): string;
export function peerPackage(name: string, options?: { install?: boolean; log?: (line: string) => void }): string | undefined;
export function peerBin(name: string, options?: { bin?: string; install?: boolean; log?: (line: string) => void }): string | undefined;
