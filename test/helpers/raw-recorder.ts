/**
 * A recorder on a bare TCP socket (127.0.0.1, port 0): it keeps each request as the bytes that arrived, so a test sees
 * the request line, the header lines and the body exactly as sent, whatever the method (no HTTP parser to refuse
 * one it does not know). It answers each request with the next queued answer (else 204) and closes the connection.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface RawRequest {
  /** `QUERY /v1/books?x=1 HTTP/1.1` */
  line: string;
  /** Header lines in the order sent, names lower-cased. */
  headers: [string, string][];
  body: Buffer;
}

export interface RawAnswer {
  status: number;
  type?: string;
  body?: string;
}

export interface RawRecorder {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RawRequest[];
  answers: RawAnswer[];
  close(): Promise<void>;
}

const HEAD_LIMIT = 64 * 1024;

/** The request in `data` once it is whole: after the blank line, Content-Length bytes or a chunked body's end. */
function parse(data: Buffer): RawRequest | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) {
    if (data.length > HEAD_LIMIT) throw new Error('request head too long');
    return undefined;
  }
  const [line, ...rest] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers = rest.map((h): [string, string] => [h.slice(0, h.indexOf(':')).toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]);
  const get = (name: string) => headers.find(([k]) => k === name)?.[1];
  const raw = data.subarray(end + 4);
  if (get('transfer-encoding')?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ; ) {
      const nl = raw.indexOf('\r\n', at);
      if (nl < 0) return undefined;
      const size = parseInt(raw.subarray(at, nl).toString('latin1'), 16);
      if (raw.length < nl + 2 + size + 2) return undefined;
      if (size === 0) return { line: line!, headers, body: Buffer.concat(parts) };
      parts.push(raw.subarray(nl + 2, nl + 2 + size));
      at = nl + 2 + size + 2;
    }
  }
  const length = Number(get('content-length') ?? 0);
  return raw.length < length ? undefined : { line: line!, headers, body: raw.subarray(0, length) };
}

export async function startRawRecorder(): Promise<RawRecorder> {
  const requests: RawRequest[] = [];
  const answers: RawAnswer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const req = parse(data);
      if (!req) return;
      requests.push(req);
      const a = answers.shift() ?? { status: 204 };
      const body = Buffer.from(a.body ?? '');
      const head = [`HTTP/1.1 ${a.status} X`, ...(a.type ? [`content-type: ${a.type}`] : []), `content-length: ${body.length}`, 'connection: close'];
      socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
