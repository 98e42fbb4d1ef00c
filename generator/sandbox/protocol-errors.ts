// Answers given before any route runs, in the spec's shape (7.1 error body, 8 caching headers): fastify's own errors
// (a path that is not valid percent-encoding) and those of Node's HTTP parser (oversized headers, a malformed request).
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './respond.js';

/** fastify's `frameworkErrors`: a URL it cannot decode, a route parameter too long. */
export function frameworkError(err: Error, _req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, undefined, undefined, 400, [{ technicalMessage: err.message, errorCode: 'BadRequest' }]);
}

const PARSER_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HeadersTooLarge', `the request headers are larger than the ${maxHeaderSize / 1024} KiB the server reads`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'RequestTimeout', 'the request did not arrive in time'],
};

/** fastify's `clientErrorHandler` (Node's 'clientError'): no request object exists yet, so the answer is written raw. */
export function clientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errorCode, technicalMessage] = PARSER_ERRORS[err.code ?? ''] ?? [400, 'BadRequest', 'the request is not well-formed HTTP/1.1'];
  const body = JSON.stringify({ technicalMessage, errorCode });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
