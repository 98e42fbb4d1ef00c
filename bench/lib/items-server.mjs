// A node:http server for the client-overhead benchmark, run in a forked child so that its work does not share the
// client's event loop. GET /items/{id} -> a 46-byte JSON body with an ETag: always 200 (the ETag glue on the client
// side stores and sends it, and no variant gets cheaper 304s), or with --not-modified a 304 without a body when
// If-None-Match names the ETag, as the conventions' servers answer. Reports its port over IPC.
import { createServer } from 'node:http';

const ETAG = '"v1"';
const notModified = process.argv.includes('--not-modified');
const body = Buffer.from(JSON.stringify({ id: '000001', name: 'item', price: 12.5, ok: 1 }).padEnd(46, ' '));
const server = createServer((req, res) => {
  if (notModified && req.method === 'GET' && req.headers['if-none-match'] === ETAG) {
    res.writeHead(304, { etag: ETAG });
    res.end();
  } else if (req.method === 'GET' && req.url.startsWith('/items/')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, etag: ETAG });
    res.end(body);
  } else {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"messages":[{"technicalMessage":"not found"}]}');
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('disconnect', () => process.exit(0));
