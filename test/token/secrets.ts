// Collects every secret the suite handles (credentials, and every code, verifier and token seen on the wire) and
// every text the suite produces (error messages, console output, warnings, serialised clients), so each test file
// can assert at the end that no secret ever appeared in any of them.
import { inspect } from 'node:util';
import { vi } from 'vitest';

const SENSITIVE_PARAMS = ['password', 'code', 'code_verifier', 'refresh_token', 'token'];

export class SecretWatch {
  readonly secrets = new Set<string>();
  readonly texts: string[] = [];

  constructor(...initial: string[]) {
    for (const s of initial) this.secrets.add(s);
  }

  /** A fetch that records the secrets of token requests and responses (and of login redirects). */
  readonly fetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') {
      for (const [k, v] of new URLSearchParams(init.body)) if (SENSITIVE_PARAMS.includes(k)) this.secrets.add(v);
    }
    const res = await fetch(input, init);
    const ct = res.headers.get('content-type') ?? '';
    if (ct.startsWith('application/json')) {
      const body = (await res.clone().json()) as Record<string, unknown>;
      for (const k of ['access_token', 'refresh_token']) if (typeof body[k] === 'string') this.secrets.add(body[k]);
    }
    return res;
  };

  add(...values: (string | undefined)[]): void {
    for (const v of values) if (v) this.secrets.add(v);
  }

  /** Records everything an error shows: message, stack, String(), JSON, inspect. */
  error(err: unknown): void {
    this.texts.push(String(err), JSON.stringify(err), inspect(err, { depth: 5 }));
    if (err instanceof Error) this.texts.push(err.message, err.stack ?? '');
  }

  /** Awaits a promise that must reject, records the error and returns it. */
  async rejects(p: Promise<unknown>): Promise<Error & { code?: string; status?: number }> {
    try {
      await p;
    } catch (err) {
      this.error(err);
      return err as Error & { code?: string };
    }
    throw new Error('expected a rejection');
  }

  serialised(value: unknown): void {
    this.texts.push(String(value), JSON.stringify(value), inspect(value, { depth: 5, showHidden: true }));
  }

  /** Spies on console and process.emitWarning for the rest of the file. */
  captureOutput(): void {
    for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[m];
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        this.texts.push(args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '));
        original.apply(console, args);
      });
    }
    const emit = process.emitWarning.bind(process);
    vi.spyOn(process, 'emitWarning').mockImplementation(((w: string | Error, ...rest: unknown[]) => {
      this.texts.push(String(w), ...rest.map((r) => inspect(r)));
      (emit as (...a: unknown[]) => void)(w, ...rest);
    }) as typeof process.emitWarning);
  }

  /** The texts that contain a secret (there must be none). */
  leaks(): string[] {
    const found: string[] = [];
    // Report where, masked: the failure output must not print the secret either.
    this.texts.forEach((text, i) => {
      for (const s of this.secrets) {
        if (s.length >= 6 && text.includes(s)) found.push(`text #${i} contains a secret: ${text.split(s).join('<SECRET>').slice(0, 120)}`);
      }
    });
    return found;
  }
}
