export const PRISM_VERSION: string;
export function prismDir(): string;
export function prismMain(options?: { install?: boolean; log?: (line: string) => void }): string | undefined;
export interface Prism {
  url: string;
  pid: number;
  exited: Promise<number | string | null>;
  output(): string;
  kill(): void;
}
export function startPrism(file: string, options?: { main?: string; timeoutMs?: number }): Promise<Prism>;
export interface Violation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}
export function requestViolations(res: Response): Promise<Violation[]>;
