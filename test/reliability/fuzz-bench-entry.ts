/** What `npm run bench -- --only fuzz` loads (bundled): a fresh sandbox and fuzzer, as fuzz.test.ts opens them. */
import { join } from 'node:path';
import { startSandbox } from '../../generator/sandbox/index.js';
import { Fuzzer } from './fuzz-kit.js';
export { fuzz } from './fuzz-kit.js';

export async function openFuzzer(root: string): Promise<{ fuzzer: Fuzzer; close: () => Promise<void> }> {
  const sb = await startSandbox(FUZZ_SANDBOX(join(root, 'openapi')));
  const fuzzer = new Fuzzer(sb, await passwordToken(sb.url));
  await fuzzer.warmUp();
  return { fuzzer, close: () => sb.close() };
}

/** Small collections: the fuzzer's reads and writes meet each other's resources. */
export const FUZZ_SANDBOX = (openapiDir: string) => ({ openapiDir, documentCount: 40, pagedCollectionSize: 40, smallCollectionSize: 10 });

export async function passwordToken(url: string): Promise<string> {
  const basic = `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`;
  const r = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo-password' }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}
