// How client.ts's factory is configured: its options type and the table of credentials each operation sends.
import type { OptionalKind, PropertySignatureStructure, StatementStructures } from 'ts-morph';
import type { ApiModel } from '../model/index.js';
import { jsdocText } from './client-docs.js';
import { anyApi, authSchemes, metSchemes } from './client-features.js';
import { runtimeType, runtimeValue, type Rendered, type Use } from './imports.js';
import { docs, q, type Kinds, type Statement } from './print.js';

type Scheme = ApiModel['schemes'][number];

/** The type and the words of a credential for one scheme `auth` takes. */
function credential(s: Scheme): { type: string; what: string } {
  const k = s.kind;
  if (k.type === 'apiKey') return { type: 'string', what: `API key, sent as the ${k.in === 'header' ? 'header' : k.in === 'cookie' ? 'cookie' : 'query parameter'} \`${k.name}\`` };
  if (k.type === 'basic') return { type: 'BasicCredentials', what: 'HTTP basic: user name and password' };
  return { type: 'string', what: 'HTTP bearer: the token' };
}

/** `XAuth`: a credential by scheme name, for the document's API key, basic and bearer schemes. */
function authInterface(api: ApiModel, auth: Scheme[], K: Kinds): Rendered<StatementStructures> {
  const statement: StatementStructures = {
    kind: K.Interface,
    name: `${api.clientType}Auth`,
    isExported: true,
    docs: docs(jsdocText(['Credentials by security scheme name: each operation sends those of the first security requirement it declares that they meet.'])),
    properties: auth.map((s) => ({ name: q(s.name), hasQuestionToken: true, type: credential(s).type, docs: docs(jsdocText([`${credential(s).what}.`, s.description, s.deprecated ? '@deprecated The document deprecates this scheme.' : undefined])) })),
  };
  return { statements: [statement], uses: auth.some((s) => s.kind.type === 'basic') ? [runtimeType('BasicCredentials')] : [] };
}

/**
 * The factory's options (`options`, the type's name): ClientOptions, or for any API an interface of its own, whose
 * `baseUrl` defaults to the document's server and whose `auth` names the document's API key, basic and bearer schemes
 * (an undeclared one does not compile; a document without any takes no `auth`).
 */
export function clientOptions(api: ApiModel, K: Kinds): Rendered<StatementStructures> & { options: string } {
  const auth = authSchemes(api);
  if (!anyApi(api) || (api.server === undefined && !auth.length)) return { statements: [], uses: [runtimeType('ClientOptions')], options: 'ClientOptions' };
  const name = `${api.clientType}Options`;
  const base = api.server !== undefined ? 'ClientSettings' : 'ClientOptions';
  const authTypes = auth.length ? authInterface(api, auth, K) : { statements: [], uses: [] };
  const properties: OptionalKind<PropertySignatureStructure>[] = [];
  if (api.server !== undefined) properties.push({ name: 'baseUrl', hasQuestionToken: true, type: 'string', docs: docs(jsdocText([`Default: \`${api.server}\`, the document's server.`])) });
  if (auth.length) properties.push({ name: 'auth', hasQuestionToken: true, type: `${api.clientType}Auth` });
  const options: StatementStructures = { kind: K.Interface, name, isExported: true, docs: docs(jsdocText([`Options of ${api.factory}.`])), extends: [base], properties };
  return { statements: [...authTypes.statements, options], uses: [...authTypes.uses, runtimeType(base)], options: name };
}

/** `const auth`: the schemes a credential can be given for (oauth2 and openIdConnect: met by `tokens`) and the
 *  document's security requirements, for the operations that declare none; none when the client meets no scheme. */
export function authTable(api: ApiModel): Rendered<Statement> {
  const met = metSchemes(api);
  if (!met.length) return { statements: [], uses: [] };
  const schemes = met.map((s) => `${q(s.name)}: ${JSON.stringify(s.kind)}`);
  const given = api.security === 'given';
  const uses: Use[] = [runtimeValue('credentials', 'credentials')];
  return {
    statements: [
      (w) => w.blankLineIfLastNot().writeLine(`/** The credentials each operation sends, by the security requirements of the document${given ? ', which names none: every credential given' : ''}. */`),
      `const auth = credentials({ ${schemes.join(', ')} }, ${given ? q('given') : JSON.stringify(api.security)});`,
    ],
    uses,
  };
}
