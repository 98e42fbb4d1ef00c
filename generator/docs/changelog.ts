import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { discoverApis } from '../load/index.js';
import { DocexError } from '../util/errors.js';
import type { Change } from './peers.js';

const exec = promisify(execFile);

type DiffTrees = (baseDir: string, headDir: string) => Promise<readonly Change[]>;

/** What changed in one API between two consecutive tags. */
interface Release {
  tag: string;
  /** The tag compared with; undefined when the API is introduced at `tag`. */
  previousTag: string | undefined;
  /** The API first appears at this tag. */
  introduced: boolean;
  breaking: boolean;
  changes: Change[];
}

/** Releases per API id (`document/v1`), newest first. Empty when the repository has fewer than one tag. */
export type Changelog = Map<string, Release[]>;

/** Tags, oldest first (`git tag --sort=creatordate`); none when `repoDir` is not a git work tree. */
export async function listTags(repoDir: string): Promise<string[]> {
  try {
    const { stdout } = await exec('git', ['tag', '--sort=creatordate'], { cwd: repoDir });
    return stdout.split('\n').map((t) => t.trim()).filter(Boolean);
  } catch {
    return [];
  }
}

/** Extracts `openapi/` as it was at `tag` into `dest`; false when the tag has no `openapi/`. */
async function extractOpenapi(repoDir: string, tag: string, dest: string): Promise<boolean> {
  await mkdir(dest, { recursive: true });
  // `repoDir` may be a subfolder of the repository: name the tree by its path from the repository's root.
  const prefix = (await exec('git', ['rev-parse', '--show-prefix'], { cwd: repoDir })).stdout.trim();
  const tree = `${tag}:${prefix}openapi`;
  try {
    await exec('git', ['cat-file', '-e', tree], { cwd: repoDir });
  } catch {
    return false;
  }
  // `git archive | tar -x`, without a shell: pipe one child into the other.
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', '--prefix=openapi/', tree], { cwd: repoDir, stdio: ['ignore', 'pipe', 'pipe'] });
    const tar = spawn('tar', ['-x', '-C', dest], { stdio: ['pipe', 'ignore', 'pipe'] });
    archive.stdout.pipe(tar.stdin);
    let err = '';
    archive.stderr.on('data', (d: Buffer) => (err += d.toString()));
    tar.stderr.on('data', (d: Buffer) => (err += d.toString()));
    archive.on('error', reject);
    tar.on('error', reject);
    tar.on('close', (code) => (code === 0 ? resolve() : reject(new DocexError(`cannot extract openapi/ at tag ${tag}: ${err.trim()}`, 2))));
  });
  return true;
}

/**
 * For each pair of consecutive tags, diffs `openapi/` at the two tags with the breaking-change checker and files
 * the changes under each API present at the later tag.
 */
export async function buildChangelog(repoDir: string, diffTrees: DiffTrees, scratch: string): Promise<{ tags: string[]; byApi: Changelog }> {
  const tags = await listTags(repoDir);
  const byApi: Changelog = new Map();
  if (tags.length === 0) return { tags, byApi };
  const work = await mkdtemp(join(scratch, 'tags-'));
  try {
    const trees: (string | undefined)[] = [];
    for (const [i, tag] of tags.entries()) {
      const dest = join(work, String(i));
      trees.push((await extractOpenapi(repoDir, tag, dest)) ? join(dest, 'openapi') : undefined);
    }
    for (let i = 0; i < tags.length; i++) {
      const head = trees[i];
      if (!head || !existsSync(head)) continue;
      const base = i > 0 ? trees[i - 1] : undefined;
      const baseIds = new Set(base ? discoverApis(base).map((a) => a.id) : []);
      const changes = base ? await diffTrees(base, head) : [];
      for (const api of discoverApis(head)) {
        const own = changes.filter((c) => c.api === api.id);
        const introduced = !baseIds.has(api.id);
        const release: Release = {
          tag: tags[i] as string,
          previousTag: introduced ? undefined : tags[i - 1],
          introduced,
          breaking: own.some((c) => c.level === 'breaking'),
          changes: own,
        };
        byApi.set(api.id, [release, ...(byApi.get(api.id) ?? [])]);
      }
    }
    return { tags, byApi };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
