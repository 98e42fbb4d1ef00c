type Read = (path: string, encoding?: string) => string | undefined;
/** `read`, returning docex's client.ts, index.ts and raw.ts with the `@ts-nocheck` line after the banner blanked. */
export function seeThrough(read: Read): Read;
