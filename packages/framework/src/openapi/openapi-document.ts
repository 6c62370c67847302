/**
 * The parts of an OpenAPI 3.0, 3.1 or 3.2 document that `typemcp openapi` reads. Every field is
 * optional and unchecked: a document is the author's, and the generator copes with what is missing.
 */

/** A JSON Schema as OpenAPI writes it (3.0's dialect with `nullable`, or 3.1's JSON Schema 2020-12). */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** A parameter of an operation: in the path, the query, a header or a cookie. */
export interface ParameterObject {
  $ref?: string;
  name: string;
  in: "path" | "query" | "header" | "cookie";
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  content?: Record<string, MediaTypeObject>;
}

/** One media type of a body: its schema. */
export interface MediaTypeObject {
  schema?: SchemaObject;
}

/** A request body, by media type. */
export interface RequestBodyObject {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

/** One response, by media type. */
export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

/** Which security schemes an operation accepts: any one of the requirements, each naming schemes that all apply. */
export type SecurityRequirement = Record<string, string[]>;

/** One operation: a method on a path. */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: SecurityRequirement[];
}

/** A security scheme of `components.securitySchemes`. */
export interface SecuritySchemeObject {
  $ref?: string;
  type?: string;
  scheme?: string;
  name?: string;
  in?: string;
  description?: string;
}

/** An OpenAPI 3.0, 3.1 or 3.2 document. */
export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url?: string; variables?: Record<string, { default?: string }> }[];
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
  security?: SecurityRequirement[];
}

/** The HTTP methods a path item may hold, in the order tools are generated (`query` is 3.2's). */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const;
