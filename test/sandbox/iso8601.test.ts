import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDate, parseInstant } from '../../generator/sandbox/iso8601.js';
import { openSandbox, realDir, type Doc, type Page, type TestSandbox } from './helpers.js';

// Spec 2.1: "Any input timestamp or date that follows ISO 8601 is accepted"; output stays yyyy-mm-ddThh:mm:ss.fffZ.
const at = '2025-03-20T08:28:42.000Z';
const INSTANTS: [string, string | undefined][] = [
  ['2025-03-20T08:28:42.000Z', at],
  ['2025-03-20T08:28:42Z', at],
  ['2025-03-20T08:28:42', at], // no offset: read as UTC, the spec's zone
  ['20250320T082842Z', at],
  ['20250320T082842', at],
  ['2025-03-20T09:28:42+01:00', at],
  ['2025-03-20T09:28:42+0100', at],
  ['2025-03-20T09:28:42+01', at],
  ['2025-03-20T03:28:42-05:00', at],
  ['2025-03-20T08:28:42.5Z', '2025-03-20T08:28:42.500Z'],
  ['2025-03-20T08:28:42,25Z', '2025-03-20T08:28:42.250Z'],
  ['2025-03-20T08:28:42.123456789Z', '2025-03-20T08:28:42.123Z'],
  ['2025-03-20T08:28Z', '2025-03-20T08:28:00.000Z'],
  ['2025-03-20T08:28.5Z', '2025-03-20T08:28:30.000Z'],
  ['2025-03-20T08Z', '2025-03-20T08:00:00.000Z'],
  ['2025-03-20t08:28:42z', at], // RFC 3339's lowercase, accepted before and still
  ['2025-03-20T24:00:00Z', '2025-03-21T00:00:00.000Z'],
  ['2025-03-20', '2025-03-20T00:00:00.000Z'],
  ['20250320', '2025-03-20T00:00:00.000Z'],
  ['2025-079T08:28:42Z', at], // ordinal date
  ['2025079T082842Z', at],
  ['2025-W12-4T08:28:42Z', at], // week date: week 12 of 2025, Thursday
  ['2025W124T082842Z', at],
  ['2020-W53-5', '2021-01-01T00:00:00.000Z'],
  ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ['2025-02-29', undefined],
  ['2025-13-01', undefined],
  ['2025-03-20T25:00Z', undefined],
  ['2025-03-20T08:60Z', undefined],
  ['2025-03-20T08:28:42+25:00', undefined],
  ['2025-366', undefined],
  ['2025-W53-1', undefined],
  ['2025-W12-8', undefined],
  ['2025-03-20T', undefined],
  ['March 20, 2025', undefined],
  ['1742459322', undefined],
  ['', undefined],
];

const DATES: [string, string | undefined][] = [
  ['2025-03-20', '2025-03-20'],
  ['20250320', '2025-03-20'],
  ['2025-079', '2025-03-20'],
  ['2025-W12-4', '2025-03-20'],
  ['2025W124', '2025-03-20'],
  ['2025-W12', '2025-03-17'],
  ['0099-01-01', '0099-01-01'],
  ['2025-03-20T08:00Z', undefined],
  ['2025-3-20', undefined],
];

describe('ISO 8601 input forms', () => {
  it.each(INSTANTS)('timestamp %j -> %j', (input, want) => {
    const ms = parseInstant(input);
    expect(ms === undefined ? undefined : new Date(ms).toISOString()).toBe(want);
  });
  it.each(DATES)('date %j -> %j', (input, want) => {
    expect(parseDate(input)).toBe(want);
  });
});

describe('the sandbox takes any ISO 8601 form and compares instants', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await openSandbox({ openapiDir: realDir });
  });
  afterAll(() => t?.close());

  const total = async (createdAfter: string): Promise<number> => {
    const r = await t.call('GET', `/document/v1/documents?limit=1&createdAfter=${encodeURIComponent(createdAfter)}`);
    expect(r.status, createdAfter).toBe(200);
    return (r.json as Page<Doc>).meta.total;
  };

  it('one instant written many ways filters to one total', async () => {
    const sorted = ((await t.call('GET', '/document/v1/documents?limit=100&sort=createdAt')).json as Page<Doc>).items;
    const pivot = new Date(sorted[40]!.createdAt);
    const iso = pivot.toISOString();
    const plusOne = new Date(pivot.getTime() + 3_600_000).toISOString().replace('Z', '+01:00');
    const basic = iso.replace(/[-:]/g, '');
    const noOffset = iso.slice(0, -1);
    const counts = await Promise.all([iso, plusOne, basic, noOffset].map(total));
    expect(new Set(counts).size, JSON.stringify(counts)).toBe(1);
    const day = await total(iso.slice(0, 10));
    const dayBasic = await total(iso.slice(0, 10).replace(/-/g, ''));
    expect(day).toBe(dayBasic);
    expect(day).toBeGreaterThanOrEqual(counts[0]!);
  });

  it('a value that is not ISO 8601 is still a 400', async () => {
    const r = await t.call('GET', '/document/v1/documents?createdAfter=yesterday');
    expect(r.status).toBe(400);
  });

  it('body dates in any form are stored and returned in the output form', async () => {
    const sender = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).items[0]!.sender.id;
    const body = { documentType: 'Invoice', documentIdentifier: 'ISO-8601-1', sender: { id: sender }, receiver: { id: sender }, issueDate: '2025-W12-4', dueDate: '20250419' };
    const created = await t.call('POST', '/document/v1/documents', { body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ issueDate: '2025-03-20', dueDate: '2025-04-19' });
  });
});
