// The slice of OpenAPI 3.x that docex reads. Loose on purpose: foreign documents are held to less.
import { HTTP_METHODS } from './operations.js';

export { HTTP_METHODS };

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: JsonValue[];
  const?: JsonValue;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  nullable?: boolean;
  description?: string;
  deprecated?: boolean;
  maximum?: number;
  minimum?: number;
  default?: JsonValue;
  [key: string]: unknown;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: 'query' | 'querystring' | 'path' | 'header' | 'cookie';
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: SchemaObject;
  style?: string;
  explode?: boolean;
  [key: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
  [key: string]: unknown;
}

export interface HeaderObject {
  $ref?: string;
  schema?: SchemaObject;
  description?: string;
  required?: boolean;
  [key: string]: unknown;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

export interface RequestBodyObject {
  $ref?: string;
  required?: boolean;
  description?: string;
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: SecurityRequirement[];
  [key: string]: unknown;
}

type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = {
  $ref?: string;
  parameters?: ParameterObject[];
  summary?: string;
  description?: string;
  /** 3.2: a QUERY operation. */
  query?: OperationObject;
  /** 3.2: operations of other methods, by the method as sent. */
  additionalOperations?: Record<string, OperationObject>;
} & { [M in HttpMethod]?: OperationObject };

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: { url: string; description?: string; variables?: Record<string, { default: string; enum?: string[]; description?: string }> }[];
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, HeaderObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    securitySchemes?: Record<string, { type: string; scheme?: string; [key: string]: unknown }>;
    [key: string]: unknown;
  };
  security?: SecurityRequirement[];
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}
