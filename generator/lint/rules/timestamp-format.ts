import { keyword } from '../../model/conventions/index.js';
import { props } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'timestamp-format';
export const summary = 'a property named like a timestamp or date (…At, …Date, …Time, …Timestamp) without format date-time or date';
export const spec = '2.1 Timestamps: "UTC, ISO 8601. Output format yyyy-mm-ddThh:mm:ss.fffZ. Output dates are yyyy-mm-dd."';

const TIMESTAMP_NAME = /(?:At|Date|Time|Timestamp)$|^(?:date|timestamp)$/;

export const check = schemaRule((schema, ctx, report) => {
  for (const p of props(ctx, schema).values()) {
    if (!TIMESTAMP_NAME.test(p.name) || !p.schema) continue;
    const format = keyword(ctx, p.schema, 'format');
    if (format !== 'date-time' && format !== 'date')
      report(p.location, `Declare "${p.name}" as type string with format date-time (a UTC timestamp) or date.`, true);
  }
});
