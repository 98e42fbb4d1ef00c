// What every sub API handler is given: the sandbox's shared context, and the call it answers.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpSpec } from '../analyse.js';
import type { OpValidators } from '../request.js';
import type { SandboxState } from '../state.js';
import type { TokenAuthority } from '../token/service.js';

export interface SubApiContext {
  specs: OpSpec[];
  state: SandboxState;
  authority: TokenAuthority;
  coercing: Ajv2020;
  strict: Ajv2020;
  /** Test hook: the next `count` sub API requests fail with `status` (an internal error by default). */
  faults: { count: number; status: number };
  now: () => number;
  /** Stream operations: how many items each answers, the pause between two, and the answers still open (ended
   *  when the sandbox stops, a stalled one included). */
  streams: { items: number; intervalMs: number; open: Set<ServerResponse> };
}

export interface Call {
  spec: OpSpec;
  v: OpValidators;
  req: FastifyRequest;
  reply: FastifyReply;
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  /** The negotiated success media type (undefined when the response has no body). */
  mediaType: string | undefined;
  principal: { clientId: string; username: string } | undefined;
}
