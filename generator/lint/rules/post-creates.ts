import { EXT, headerNames, isTokenService, successResponseNode, successStatus } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'post-creates';
export const summary = `a POST (the token service's endpoints and login form exempt) whose success status is not 201, or whose 201 response declares no \`Location\` header; a create that also changes existing resources says so in \`${EXT.effect}\``;
export const spec = '4.1 HTTP verbs: "POST: Create new resources. PUT: Update or replace resources."';

// 4.1: "POST: Create new resources." A POST answers 201 Created and says where the new resource is; a change to
// resources that exist is a PUT, or the created record of the change stating it in x-effect. The token service's
// endpoints and the login form follow OAuth 2.0.
export const check = operationRule((op, ctx, report) => {
  if (op.method !== 'post' || isTokenService(ctx, op)) return;
  const status = successStatus(op);
  if (status !== 201)
    return report(op.keyLocation, `Answer 201 Created, not ${status}: POST creates a resource; update existing ones with PUT, or create a record of the change that declares ${EXT.effect}.`, true);
  const created = successResponseNode(op)!;
  if (!headerNames(ctx, created).includes('location')) report(created.location, 'Declare a Location header on the 201 response: it says where the created resource is.');
});
