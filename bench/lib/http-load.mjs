// A closed-loop HTTP load generator: `concurrency` clients on keep-alive sockets, each sending its next request when
// the last one was answered, until `count` requests or `ms` elapsed. node:http rather than fetch: the client's own cost
// should be small next to the servers measured.
import http from 'node:http';
import { percentile } from './measure.mjs';

function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `next(i)` gives the i-th request: { url, method?, headers?, body?, done? }; `done(status, headers)` sees its answer
 * (a write mix keeps the ETags it is given). Returns req/s, p50/p99 (ms), statuses.
 */
export async function load(next, { concurrency, count = Infinity, ms = Infinity }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const statuses = {};
  let issued = 0;
  let errors = 0;
  const start = performance.now();
  const stopAt = start + ms;
  const worker = async () => {
    while (issued < count && performance.now() < stopAt) {
      const r = next(issued++);
      const t = performance.now();
      try {
        const res = await request(agent, r.url, r);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        r.done?.(res.statusCode, res.headers);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses, errors };
}

/** Resident set size of a process (Linux /proc), in MiB; NaN elsewhere. */
export async function rssMiB(pid) {
  try {
    const { readFileSync } = await import('node:fs');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}
