/**
 * The parts of an OpenAPI 3.1 document the reference shows. Written by hand: the document is
 * the server's (GET /api/v1/openapi.json), and no OpenAPI library belongs in the browser bundle.
 */

export type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  additionalProperties?: boolean | TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

export type TExample = { summary?: string; value: unknown };

export type TMediaType = {
  schema?: TJsonSchema;
  example?: unknown;
  examples?: Record<string, TExample>;
};

export type TParameter = {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: TJsonSchema;
  example?: unknown;
};

export type TResponse = { description: string; content?: Record<string, TMediaType> };

export type TOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content: Record<string, TMediaType> };
  responses?: Record<string, TResponse>;
};

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type THttpMethod = (typeof HTTP_METHODS)[number];

export type TOpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<THttpMethod, TOperation>>>;
  components?: { schemas?: Record<string, TJsonSchema> };
};
