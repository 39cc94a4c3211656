/** The JSON:API envelope that Data Management v1 speaks. */

export interface Href {
  href: string;
}

export interface JsonApiLinks {
  self: Href;
  first?: Href;
  prev?: Href;
  next?: Href;
}

export interface Relationship {
  links?: { related?: Href; self?: Href };
  data?: { type: string; id: string };
  meta?: { link: Href };
}

export interface JsonApiResource<TType extends string, TAttributes> {
  type: TType;
  id: string;
  attributes: TAttributes;
  links: { self: Href; webView?: Href };
  relationships: Record<string, Relationship>;
}

export interface JsonApiDocument<TData, TIncluded = never> {
  jsonapi: { version: '1.0' };
  links: JsonApiLinks;
  data: TData;
  included?: TIncluded[];
  meta?: Record<string, unknown>;
}

export interface JsonApiError {
  id: string;
  status: string;
  code: string;
  title: string;
  detail: string;
}

export interface JsonApiErrorBody {
  jsonapi: { version: '1.0' };
  errors: JsonApiError[];
}
