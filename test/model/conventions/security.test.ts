import { describe, expect, it } from 'vitest';
import { documentRoot, documentSecurity, isBearerScheme, isSecured, mayAuthenticate, securitySchemes } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

/** A document with the root's `top`, an operation `get /x` with `own` and one `get /y` without, and `schemes`. */
const document = (top: string, own: string, schemes = `components:\n  securitySchemes:\n    bearer: { type: http, scheme: Bearer }`) =>
  given(`
${top}
paths:
  /x:
    get:
      ${own}
      responses: { '200': { description: ok } }
  /y:
    get:
      responses: { '200': { description: ok } }
${schemes}`);

describe('security reader', () => {
  it.each([
    ['the document requires bearer', '', `security: [{ bearer: [] }]`, true, true],
    ['the operation opts out', `security: []`, `security: [{ bearer: [] }]`, false, false],
    ['an anonymous alternative', `security: [{}, { bearer: [] }]`, '', false, true],
    ['nothing declared', '', '', false, false],
  ])('%s', (_name, own, top, secured, may) => {
    const g = document(top, own);
    const op = g.op('get /x');
    expect(isSecured(op)).toBe(secured);
    expect(mayAuthenticate(op)).toBe(may);
    expect(isBearerScheme(securitySchemes(g.ctx, op.root).get('bearer'))).toBe(true);
  });

  // What an operation without `security` requires (issue 41, T): the root's; none where the document names
  // requirements somewhere; every credential given where it declares schemes and names none anywhere.
  it.each([
    ['root security', `security: [{ bearer: [] }]`, '', [['bearer']], true],
    ['named on an operation only', '', `security: [{ bearer: [] }]`, [], true],
    ['an explicit [] on an operation', '', `security: []`, [], true],
    ['named nowhere', '', '', 'given', true],
    ['named nowhere and no schemes', '', '', [], false],
  ])('document security: %s', (_name, top, own, want, schemes) => {
    const g = schemes ? document(top, own) : document(top, own, '');
    const read = documentSecurity(g.ctx, documentRoot(g.doc, 'given.yaml'));
    expect(read.security).toEqual(want);
    expect(read.unnamed?.location.pointer).toBe(want === 'given' ? '#/components/securitySchemes' : undefined);
  });
});
