/** A small seeded PRNG (mulberry32): the sandbox's data must be the same on every start. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(values: readonly T[]): T {
    const v = values[Math.floor(this.next() * values.length)];
    if (v === undefined) throw new Error('pick from an empty list');
    return v;
  }

  /** A version-4 shaped UUID from the PRNG (not random in the crypto sense, on purpose). */
  uuid(): string {
    const word = (): string => Math.floor(this.next() * 4294967296).toString(16).padStart(8, '0');
    const s = word() + word() + word() + word();
    const variant = '89ab'[parseInt(s[16]!, 16) & 3]!;
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
  }
}

/** A 32-bit FNV-1a hash, to derive per-item seeds from strings (ids, store names). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
