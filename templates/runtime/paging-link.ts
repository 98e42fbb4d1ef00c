/** The link style: the target of the `Link` header's rel="next". */
import { followUrl } from './paging-next-url.js';
import type { Step } from './pagination.js';

/** The target of a `Link` header's rel="next" (RFC 8288: a link's parameters run to the next `<`; `rel` holds
 *  relation types separated by spaces, quoted or not). */
const linkNext = (header: string | null): string | undefined => /<([^>]*)>[^<]*;\s*rel\s*=\W*(?:[\w.-]+\s+)*next(?![\w.-])/i.exec(header ?? '')?.[1];

export const step: Step = (_paging, spec) => (params, _data, _items, headers, base) => followUrl(spec, params, linkNext(headers.get('link')), base);
