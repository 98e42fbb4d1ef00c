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
export interface Recorded {
  /** The absolute URL the client asked fetch for. */
  url: string;
  method: string;
  headers: import('node:http').IncomingHttpHeaders;
  body: Buffer;
  /** Prism's answer (undefined when it was not asked), the request violations it reported and, when Prism refused
   *  the request itself, its error's name (`NO_PATH_MATCHED_ERROR`, `UNAUTHORIZED`). */
  prism?: { status: number; violations: Violation[]; problem?: string };
}
export interface Recorder {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}
export function startRecorder(prism: string | undefined): Promise<Recorder>;
export function tee(recorder: Recorder, servers: readonly string[], answer?: number): typeof fetch;
