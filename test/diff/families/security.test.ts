import { describe, expect, it } from 'vitest';
import { api, diff, summary } from '../helpers.js';

const schemes = { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, oauth: { type: 'oauth2', flows: { password: { tokenUrl: '/token', scopes: {} } } }, key: { type: 'apiKey', in: 'header', name: 'X-Key' } } };
const op = (security?: object[]) => api({ '/a': { get: { ...(security ? { security } : {}), responses: {} } } }, schemes);

describe('security', () => {
  it('securing a public operation is breaking; making it public is not', () => {
    expect(summary(diff(op(), op([{ bearer: [] }])))).toEqual(['breaking security-added security']);
    expect(summary(diff(op([{ bearer: [] }]), op()))).toEqual(['non-breaking security-removed security']);
  });

  it('added scopes break, removed scopes do not; an extra alternative does not, a lost one does', () => {
    expect(summary(diff(op([{ oauth: ['read'] }]), op([{ oauth: ['read', 'write'] }])))).toEqual(['breaking security-scopes-added security.oauth']);
    expect(summary(diff(op([{ oauth: ['read', 'write'] }]), op([{ oauth: ['read'] }])))).toEqual(['non-breaking security-scopes-removed security.oauth']);
    expect(summary(diff(op([{ bearer: [] }]), op([{ bearer: [] }, { key: [] }])))).toEqual(['non-breaking security-requirement-added security']);
    expect(summary(diff(op([{ bearer: [] }, { key: [] }]), op([{ bearer: [] }])))).toEqual(['breaking security-requirement-removed security']);
  });

  it('document-level security applies to every operation; a changed token URL breaks clients', () => {
    const base = { ...op(), security: [{ bearer: [] }] };
    const head = structuredClone(op([{ bearer: [], key: [] }]));
    (head.components!.securitySchemes!.oauth!.flows as { password: { tokenUrl: string } }).password.tokenUrl = '/oauth2/token';
    expect(summary(diff(base, head))).toEqual([
      'breaking security-scheme-changed components.securitySchemes.oauth',
      'breaking security-requirement-removed security',
      'non-breaking security-requirement-added security',
    ]);
  });
});
