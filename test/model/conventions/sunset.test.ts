import { describe, expect, it } from 'vitest';
import { readSunset } from '../../../generator/model/conventions/index.js';

describe('x-sunset reader', () => {
  it.each([
    [{ 'x-sunset': '2026-06-01' }, '2026-06-01'],
    [{ 'x-sunset': '2026-06-01T00:00:00Z' }, '2026-06-01'],
    [{ 'x-sunset': new Date(Date.UTC(2026, 5, 1)) }, '2026-06-01'], // YAML loaders turn unquoted dates into Dates
    [{ deprecated: true }, undefined],
    [{ 'x-sunset': 20260601 }, undefined],
  ])('%j -> %s', (operation, want) => {
    expect(readSunset(operation)).toBe(want);
  });
});
