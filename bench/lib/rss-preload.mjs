// Preloaded into a measured Node process (--import): on exit it appends "maxRSS(KiB) cpuUserMicros cpuSystemMicros"
// to DOCEX_BENCH_RSS_FILE, so peers and docex are measured the same way without GNU time. Child Node processes
// inherit NODE_OPTIONS, so a tool that forks is covered too (the caller takes the max RSS and sums CPU).
import { appendFileSync } from 'node:fs';

const out = process.env.DOCEX_BENCH_RSS_FILE;
if (out) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    appendFileSync(out, `${u.maxRSS} ${u.userCPUTime} ${u.systemCPUTime}\n`);
  });
}
