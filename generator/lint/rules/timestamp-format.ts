import { keyword } from '../../model/conventions/index.js';
import { props } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

const TIMESTAMP_NAME = /(?:At|Date|Time|Timestamp)$|^(?:date|timestamp)$/;

export const TimestampFormat = schemaRule((schema, ctx, report) => {
  for (const p of props(ctx, schema).values()) {
    if (!TIMESTAMP_NAME.test(p.name) || !p.schema) continue;
    const format = keyword(ctx, p.schema, 'format');
    if (format !== 'date-time' && format !== 'date')
      report(p.location, `Declare "${p.name}" as type string with format date-time (a UTC timestamp) or date.`, true);
  }
});
