// Token refresh under load: a fresh token client (own memory store, injected clock) signed in against the sandbox,
// then `n` concurrent calls through the generated document client. Imported by bench/token-refresh.mjs.
import { createDocumentClient } from '../out/generated/document/v1/index.js';
import { createTokenClient } from '../out/generated/token/index.js';

export interface Credentials { clientId: string; clientSecret: string; username: string; password: string }

export async function signedInClient(url: string, c: Credentials, clock: () => number) {
  const tokens = createTokenClient({ authUrl: url, clientId: c.clientId, clientSecret: c.clientSecret, clock, onWarning: () => {} });
  const session = await tokens.signInWithPassword({ username: c.username, password: c.password });
  const api = createDocumentClient({ baseUrl: `${url}/`, tokens, retry: false });
  /** n concurrent calls; per-call latency in ms and the batch's wall time. */
  async function batch(n: number) {
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: n }, async () => {
        const t = performance.now();
        const page = await api.listDocuments({ limit: 1 });
        if (!page.items) throw new Error('no page');
        latencies.push(performance.now() - t);
      }),
    );
    return { wallMs: performance.now() - start, latencies: latencies.sort((a, b) => a - b) };
  }
  return { batch, expiresAt: session.expiresAt };
}
