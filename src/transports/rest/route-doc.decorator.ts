import { SetMetadata } from '@nestjs/common';
import type { JsonSchema } from '../../input/json-schema.js';

export const ROUTE_DOC = 'intentdesk:route-doc';
export const DOC_TAG = 'intentdesk:doc-tag';
export const DOC_HIDDEN = 'intentdesk:doc-hidden';

/** A response of a route that does not answer with the envelope (health checks). */
export interface PlainResponse {
  description: string;
  schema: JsonSchema;
  /** Header names of components.headers (Retry-After). */
  headers?: readonly string[];
}

/**
 * What the OpenAPI document cannot read from the route itself. Everything else (path, method,
 * parameters, body, status codes, error answers, security) comes from the route's metadata, its
 * input DTO and the tool it serves.
 */
export interface RouteDoc {
  /** One line in the operation list; a tool's route defaults to the tool's title. */
  summary?: string;
  /** Longer text; a tool's route defaults to the tool's summary. */
  description?: string;
  /** Schema of the success envelope's `data`; none when the route answers without data. */
  data?: JsonSchema;
  /** Answers of a route outside the envelope, by status code. */
  responses?: Record<number, PlainResponse>;
}

export const Doc = (doc: RouteDoc): MethodDecorator => SetMetadata(ROUTE_DOC, doc);

export interface TagDoc {
  name: string;
  description: string;
}

/** The group a controller's routes are listed under. */
export const DocTag = (name: string, description: string): ClassDecorator => SetMetadata(DOC_TAG, { name, description } satisfies TagDoc);

/** Leaves a controller's routes out of the document (answers that only explain what is not offered). */
export const DocHidden = (): ClassDecorator => SetMetadata(DOC_HIDDEN, true);

/** A reference to one of the document's component schemas (the document refuses a name it does not have). */
export function ref(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** A search answer: one page of `item`, the total of matches and the cursor of the next page. */
export function page(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['items', 'total', 'next_cursor'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0, description: 'Matches in all pages (a lower bound when total_is_estimate).' },
      total_is_estimate: { type: 'boolean', description: 'Present (true) when more rows match than were counted; send exact_total=true to count them all.' },
      next_cursor: { type: ['string', 'null'], description: 'Send as `cursor`, with the same filters and sort, for the next page; null on the last page.' },
    },
  };
}

/** A complete list of `item` with its length. */
export function list(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['items', 'total'],
    properties: { items: { type: 'array', items: item }, total: { type: 'integer', minimum: 0 } },
  };
}
