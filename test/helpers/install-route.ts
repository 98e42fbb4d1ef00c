// How a client developer installs docex, derived from package.json's version: the one place the documented route is
// spelled for the tests. docex is not on the npm registry; the release workflow attaches the packed tarball to each
// version's GitHub release. The README, the Quick start and the client guide give these two lines
// (test/docs/install-route.test.ts), and the client-repo and Quick start tests run them. When docex reaches the
// registry, the lines change here and the three files follow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './run-docex.js';

const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

/** The file `npm pack` writes and the release carries. */
export const TARBALL = `docex-${version}.tgz`;
/** Where the tarball comes from: the comment line above the command, in a shell block of each page. */
export const TARBALL_SOURCE = `# first put ${TARBALL} here: from the Releases page of docex's repository, or \`npm ci && npm pack\` in a clone of it`;
/** The documented first command. */
export const INSTALL_COMMAND = `npm install --save-dev ./${TARBALL}`;
/** The TypeScript a client's `npm install --save-dev typescript` brings in 2026, which the client-side tests compile
 *  with unless told otherwise (.ci/run runs the client-repo test with 5.9 as well). */
export const CLIENT_TYPESCRIPT = '7.0.2';
