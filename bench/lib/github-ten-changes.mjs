// Ten scattered edits of GitHub's REST API description, each with the change `docex diff` must report for it.
// Shared by test/diff/github.test.ts (all ten found) and bench/diff.mjs (how long finding them takes).

/** Applies the ten edits to `doc` (mutated) and returns the expected change per edit. */
export function applyTenChanges(doc) {
  const p = doc.paths;
  const issues = p['/repos/{owner}/{repo}/issues'];
  delete p['/repos/{owner}/{repo}/issues/{issue_number}/lock'].delete;
  p['/repos/{owner}/{repo}/pulls'].get.parameters.push({ name: 'mandatory', in: 'query', required: true, schema: { type: 'string' } });
  delete doc.components.schemas['rate-limit-overview'].properties.rate;
  doc.components.schemas['pull-request'].properties.state.enum.push('merged');
  p['/gists/{gist_id}/comments'].post.requestBody.content['application/json'].schema.properties.body.maxLength = 1000;
  doc.components.parameters['per-page'].schema.maximum = 50;
  issues.post.requestBody.content['application/json'].schema.required.push('body');
  delete issues.get.responses['200'].headers.Link;
  p['/meta'].get.security = [{ bearerAuth: [] }];
  const state = issues.get.parameters.find((x) => x.name === 'state');
  state.schema.enum = state.schema.enum.filter((v) => v !== 'all');
  return [
    { id: 'operation-removed', operation: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock' },
    { id: 'request-parameter-added-required', operation: 'GET /repos/{owner}/{repo}/pulls' },
    { id: 'response-property-removed', operation: 'GET /rate_limit' },
    { id: 'response-enum-value-added', operation: 'GET /repos/{owner}/{repo}/pulls/{pull_number}' },
    { id: 'request-max-length-decreased', operation: 'POST /gists/{gist_id}/comments' },
    { id: 'request-maximum-decreased', operation: 'GET /repos/{owner}/{repo}/issues' },
    { id: 'request-property-became-required', operation: 'POST /repos/{owner}/{repo}/issues' },
    { id: 'response-header-removed', operation: 'GET /repos/{owner}/{repo}/issues' },
    { id: 'security-added', operation: 'GET /meta' },
    { id: 'request-enum-value-removed', operation: 'GET /repos/{owner}/{repo}/issues' },
  ];
}

/** How many of `expected` a list of reported changes (`{ id, operations }`) contains. */
export function countFound(expected, changes) {
  return expected.filter((e) => changes.some((c) => c.id === e.id && c.operations.includes(e.operation))).length;
}
