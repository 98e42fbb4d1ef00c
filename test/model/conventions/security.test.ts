import { describe, expect, it } from 'vitest';
import { isBearerScheme, isSecured, mayAuthenticate, securitySchemes } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('security reader', () => {
  it.each([
    ['the document requires bearer', '', `security: [{ bearer: [] }]`, true, true],
    ['the operation opts out', `security: []`, `security: [{ bearer: [] }]`, false, false],
    ['an anonymous alternative', `security: [{}, { bearer: [] }]`, '', false, true],
    ['nothing declared', '', '', false, false],
  ])('%s', (_name, own, top, secured, may) => {
    const g = given(`
${top}
paths:
  /x:
    get:
      ${own}
      responses: { '200': { description: ok } }
components:
  securitySchemes:
    bearer: { type: http, scheme: Bearer }`);
    const op = g.op('get /x');
    expect(isSecured(op)).toBe(secured);
    expect(mayAuthenticate(op)).toBe(may);
    expect(isBearerScheme(securitySchemes(g.ctx, op.root).get('bearer'))).toBe(true);
  });
});
