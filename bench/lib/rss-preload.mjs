// Preloaded into a measured Node process (--import): reports its peak RSS on exit, so peers and docex
// are measured the same way without GNU time.
import { appendFileSync } from 'node:fs';

const out = process.env.DOCEX_BENCH_RSS_FILE;
if (out) {
  process.on('exit', () => {
    appendFileSync(out, `${process.resourceUsage().maxRSS}\n`);
  });
}
