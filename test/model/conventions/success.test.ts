import { describe, expect, it } from 'vitest';
import { successStatus } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

describe('success status reader', () => {
  it.each([
    [['200', '404'], 200],
    [['201', '200'], 200],
    [['204', '202'], 202],
    [['2XX', '400'], 200],
    [['400'], 200],
  ])('responses %j -> %i', (codes, want) => {
    const responses = codes.map((c) => `        '${c}': { description: r }`).join('\n');
    const g = given(`
paths:
  /x:
    get:
      responses:
${responses}`);
    expect(successStatus(g.op('get /x'))).toBe(want);
  });
});
