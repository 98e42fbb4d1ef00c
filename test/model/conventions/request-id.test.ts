import { describe, expect, it } from 'vitest';
import { declaredRequestIdHeader } from '../../../generator/model/conventions/index.js';

describe('request id header reader', () => {
  it.each([
    ["Oracle's, on every response", ['opc-request-id', 'opc-request-id', 'etag'], 'opc-request-id'],
    ['lower case, whatever the document writes', ['X-Amzn-RequestId'], 'x-amzn-requestid'],
    ['of several, the most declared, then the first by name', ['b-request-id', 'apigw-requestid', 'b-request-id', 'a-request-id'], 'b-request-id'],
    ['ties by name', ['b-request-id', 'a-request-id'], 'a-request-id'],
    ['none where the runtime reads the declared one by default (x-request-id)', ['X-Request-Id', 'client-request-id'], undefined],
    ['none where the runtime reads it by default (request-id, x-<vendor>-request-id)', ['request-id', 'x-github-request-id'], undefined],
    ['none without one', ['etag', 'x-ratelimit-remaining', 'x-correlation-id'], undefined],
  ])('%s', (_name, names, want) => {
    expect(declaredRequestIdHeader(names)).toBe(want);
  });
});
