// The breaking-change conformance corpus: pairs of documents with the expected verdict, kept in the docex workspace
// next to the repository (../shared), not in it. A clone on its own skips the suites that read it, saying so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './run-docex.js';
import { skipUnless } from './skip.js';

export const corpus = join(repoRoot, '..', 'shared', 'conformance', 'breaking');

/** describe() options for a suite that reads the corpus. */
export const withCorpus = skipUnless(existsSync(corpus), `needs ${corpus}, the workspace's conformance corpus next to the clone (not in the repository)`);
