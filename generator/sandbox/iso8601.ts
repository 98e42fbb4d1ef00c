// ISO 8601 input (spec 2.1: "Any input timestamp or date that follows ISO 8601 is accepted").
// A small parser rather than a dependency: the forms are few and fixed, and a date library would bring
// time zones and locales that the sandbox has no use for. Output stays yyyy-mm-ddThh:mm:ss.fffZ / yyyy-mm-dd.

const DAY_MS = 86_400_000;

/** Calendar (2025-03-20, 20250320), ordinal (2025-079, 2025079) and week (2025-W12-4, 2025W124, 2025-W12) dates. */
const DATE_FORMS: [RegExp, (m: RegExpExecArray) => number | undefined][] = [
  [/^(\d{4})-(\d{2})-(\d{2})$/, (m) => calendar(+m[1]!, +m[2]!, +m[3]!)],
  [/^(\d{4})(\d{2})(\d{2})$/, (m) => calendar(+m[1]!, +m[2]!, +m[3]!)],
  [/^(\d{4})-?(\d{3})$/, (m) => ordinal(+m[1]!, +m[2]!)],
  [/^(\d{4})-?W(\d{2})(?:-?([1-7]))?$/, (m) => week(+m[1]!, +m[2]!, m[3] === undefined ? 1 : +m[3])],
];

/** hh:mm:ss, hh:mm, hh and their basic forms hhmmss, hhmm; the last component may carry a fraction (`.` or `,`). */
const TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d+))?$/;
/** Z, ±hh:mm, ±hhmm, ±hh (RFC 3339's lowercase z accepted too). */
const OFFSET = /(?:([zZ])|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** Epoch milliseconds of an ISO 8601 date or date and time; undefined when `text` is not one. A date alone is its midnight. */
export function parseInstant(text: string): number | undefined {
  const sep = text.search(/[Tt ]/);
  const day = parseDay(sep < 0 ? text : text.slice(0, sep));
  if (day === undefined) return undefined;
  if (sep < 0) return day;
  let time = text.slice(sep + 1);
  let offsetMs = 0;
  const off = OFFSET.exec(time);
  if (off && (off[1] || time.length > off[0].length)) {
    if (!off[1]) {
      const h = +off[3]!;
      const min = off[4] === undefined ? 0 : +off[4];
      if (h > 23 || min > 59) return undefined;
      offsetMs = (off[2] === '-' ? -1 : 1) * (h * 60 + min) * 60_000;
    }
    time = time.slice(0, time.length - off[0].length);
  }
  // No offset: the spec says timestamps are UTC, so a local time without one is read as UTC.
  const t = TIME.exec(time);
  if (!t) return undefined;
  const [h, min, s] = [+t[1]!, t[2] === undefined ? 0 : +t[2], t[3] === undefined ? 0 : +t[3]];
  const fraction = t[4] === undefined ? 0 : Number(`0.${t[4]}`);
  // 24:00 is the end of the day; 23:59:60 a leap second (RFC 3339), which Date folds into the next minute.
  if (h > 24 || min > 59 || s > 60 || (h === 24 && (min || s || fraction)) || (s === 60 && (h !== 23 || min !== 59))) return undefined;
  const unit = t[3] !== undefined ? 1000 : t[2] !== undefined ? 60_000 : 3_600_000;
  return day + h * 3_600_000 + min * 60_000 + s * 1000 + Math.round(fraction * unit) - offsetMs;
}

/** An ISO 8601 date in the output form yyyy-mm-dd; undefined when `text` is not one. */
export function parseDate(text: string): string | undefined {
  const day = parseDay(text);
  return day === undefined ? undefined : new Date(day).toISOString().slice(0, 10);
}

/** A timestamp in the output form yyyy-mm-ddThh:mm:ss.fffZ. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString();
}

function parseDay(text: string): number | undefined {
  for (const [re, make] of DATE_FORMS) {
    const m = re.exec(text);
    if (m) return make(m);
  }
  return undefined;
}

function calendar(y: number, m: number, d: number): number | undefined {
  const ms = utc(y, m - 1, d);
  const back = new Date(ms);
  // Date.UTC rolls 2025-02-30 over into March; a date that does not round-trip does not exist.
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d && m >= 1 ? ms : undefined;
}

function ordinal(y: number, n: number): number | undefined {
  const days = isLeap(y) ? 366 : 365;
  return n >= 1 && n <= days ? utc(y, 0, 1) + (n - 1) * DAY_MS : undefined;
}

/** ISO week dates: week 1 holds the year's first Thursday; weeks start on Monday (1). */
function week(y: number, w: number, d: number): number | undefined {
  const jan4 = utc(y, 0, 4);
  const mondayOfWeek1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = weeksIn(y);
  return w >= 1 && w <= weeks ? mondayOfWeek1 + ((w - 1) * 7 + (d - 1)) * DAY_MS : undefined;
}

function weeksIn(y: number): number {
  // A year has 53 weeks when it starts on a Thursday, or is a leap year starting on a Wednesday.
  const jan1 = new Date(utc(y, 0, 1)).getUTCDay();
  return jan1 === 4 || (isLeap(y) && jan1 === 3) ? 53 : 52;
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999. */
function utc(y: number, monthIndex: number, d: number): number {
  return new Date(0).setUTCFullYear(y, monthIndex, d);
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
