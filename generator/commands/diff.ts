import { notImplemented } from '../util/errors.js';

export async function run(_argv: string[]): Promise<number> {
  notImplemented('diff');
}
