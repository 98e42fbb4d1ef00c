// Issue 46: `docex lint` reads an OpenAPI 3.2 document with every 3.2 construct (QUERY, additionalOperations,
// querystring, nested tags, a deprecated scheme, oauth2MetadataUrl and the device flow, dataValue/serializedValue,
// Response summary) and lists its problems: Redocly's `recommended` and the conventions plugin both run on it.
import { describe, expect, it } from 'vitest';
import { runDocex } from '../helpers/run-docex.js';

const doc = 'test/sandbox/fixtures/openapi-3.2/catalog/v1/openapi.yaml';

interface Problem {
  ruleId: string;
  severity: string;
  line: number;
  message: string;
}

describe('docex lint on an OpenAPI 3.2 document', () => {
  it('lists the problems of Redocly\'s recommended rules and of the conventions plugin, QUERY and LINK included', async () => {
    const r = await runDocex(['lint', doc, '--format', 'json']);
    // Read, not refused (exit 2 with "cannot lint"); warnings of constructs docex does not carry may precede.
    expect(r.stderr).not.toContain('cannot lint');
    expect(r.code).toBe(1);
    const { problems } = JSON.parse(r.stdout) as { problems: Problem[] };
    const at = (ruleId: string) => problems.filter((p) => p.ruleId === ruleId).map((p) => p.line);
    // recommended: the unused 3.2 schemes (the deprecated apiKey and the device flow's oauth2) were read.
    expect(at('no-unused-components')).toEqual([131, 136]);
    expect(at('struct')).toEqual([]);
    // The conventions plugin: QUERY (line 43) and the LINK of additionalOperations (line 87) are not the spec's verbs.
    expect(problems.filter((p) => p.ruleId === 'docex/http-methods').map((p) => `${p.line} ${p.message}`)).toEqual([
      '43 Replace QUERY with GET, POST, PUT or DELETE.',
      '87 Replace LINK with GET, POST, PUT or DELETE.',
    ]);
    // Every operation rule walks QUERY and LINK as it walks GET: none of the three declares a 500.
    expect(at('docex/error-statuses-general').filter((l) => [29, 43, 87].includes(l))).toEqual([29, 29, 43, 87]);
  });
});
