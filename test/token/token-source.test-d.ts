// The token client is the TokenSource of the generated API clients (contract section 1), structurally.
import { expectTypeOf, test } from 'vitest';
import type { TokenSource } from '../../templates/runtime/index.js';
import type { TokenClient } from '../../templates/token/index.js';

test('TokenClient satisfies TokenSource', () => {
  expectTypeOf<TokenClient>().toExtend<TokenSource>();
});
