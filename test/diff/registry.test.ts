// Meta-test of the rule registry: ids are well-formed and unique, messages are templates, every family has rules.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generator/diff/index.js';

describe('rule registry', () => {
  it('every rule has a kebab-case id, a level, a family and a message; both directions of each schema rule exist', () => {
    const rules = [...RULES.values()];
    expect(rules.length).toBeGreaterThan(80);
    for (const r of rules) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['breaking', 'non-breaking', 'info']).toContain(r.level);
      expect(r.message.length).toBeGreaterThan(10);
    }
    for (const family of ['paths', 'parameters', 'request-body', 'response-body', 'enums', 'security', 'headers', 'media-types', 'status-codes', 'constraints', 'composition', 'schema-types', 'apis']) {
      expect(rules.some((r) => r.family === family), family).toBe(true);
    }
    // The spec's enum rule, as levels.
    expect(RULES.get('response-enum-value-added')?.level).toBe('breaking');
    expect(RULES.get('response-enum-value-removed')?.level).toBe('breaking');
    expect(RULES.get('request-enum-value-removed')?.level).toBe('breaking');
    expect(RULES.get('request-enum-value-added')?.level).toBe('non-breaking');
    expect(RULES.get('response-extensible-enum-value-added')?.level).toBe('non-breaking');
  });
});
