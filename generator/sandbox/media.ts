import { deflateSync, crc32 } from 'node:zlib';
import { hash32 } from './prng.js';
import type { Item } from './schema-tools.js';

/**
 * Real non-JSON representations of a resource: a valid one-page PDF with its text, a PNG image,
 * XML. Deterministic: the same item gives the same bytes.
 */
export function render(mediaType: string, item: Item, title: string): Buffer {
  const t = mediaType.split(';')[0]!.trim().toLowerCase();
  if (t === 'application/pdf') return pdf(title, summaryLines(item));
  if (t === 'image/png' || t === 'application/png') return png(hash32(JSON.stringify(item)));
  if (t === 'application/xml' || t === 'text/xml' || t.endsWith('+xml')) return Buffer.from(xml(title, item));
  if (t === 'text/csv') return Buffer.from(csv(item));
  if (t.startsWith('text/')) return Buffer.from(summaryLines(item).join('\n') + '\n');
  return Buffer.from(JSON.stringify(item));
}

function summaryLines(item: Item): string[] {
  return Object.entries(item).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
}

/** A minimal PDF 1.4: catalog, pages, one page with Helvetica text, a correct xref table. */
export function pdf(title: string, lines: string[]): Buffer {
  const esc = (s: string): string => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const text = [title, ...lines].slice(0, 40).map((l, i) => `BT /F1 ${i === 0 ? 16 : 10} Tf 50 ${780 - i * 18} Td (${esc(l.slice(0, 90))}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 64x64 RGB PNG: a colour band chosen by `seed`, with IHDR, IDAT and IEND chunks and correct CRCs. */
export function png(seed: number, size = 64): Buffer {
  const [r, g, b] = [seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff];
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const shade = (x + y) % 16 < 8 ? 1 : 0.6;
      raw[row + 1 + x * 3] = Math.round(r * shade);
      raw[row + 2 + x * 3] = Math.round(g * shade);
      raw[row + 3 + x * 3] = Math.round(b * shade);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function xml(root: string, value: unknown): string {
  const name = root.replace(/[^A-Za-z0-9_.-]/g, '') || 'resource';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(/^[A-Za-z_]/.test(name) ? name : `r${name}`, value, '')}\n`;
}

function element(name: string, value: unknown, indent: string): string {
  const tag = /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) ? name : 'value';
  if (Array.isArray(value)) return value.map((v) => element(tag, v, indent)).join('\n');
  if (value && typeof value === 'object') {
    const inner = Object.entries(value).map(([k, v]) => element(k, v, indent + '  ')).join('\n');
    return `${indent}<${tag}>\n${inner}\n${indent}</${tag}>`;
  }
  const text = String(value ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `${indent}<${tag}>${text}</${tag}>`;
}

function csv(item: Item): string {
  const cell = (v: unknown): string => `"${(typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/"/g, '""')}"`;
  return `${Object.keys(item).map(cell).join(',')}\n${Object.values(item).map(cell).join(',')}\n`;
}
