import { type Struct } from 'superstruct';
import { api } from '../client';
import { Paged } from '../contract/common';

export interface PageRequest {
  pageNo: number;
  perPage: number;
  search?: string;
  extra?: Record<string, string | number | boolean | undefined>;
}

/** The shared list call: GET {endpoint}?pageNo&perPage[&extra][&search]. `endpoint` is a /v1 path like "/user". */
export function getPage<T, S>(endpoint: string, item: Struct<T, S>, req: PageRequest) {
  return api.call(endpoint, Paged(item), {
    query: { pageNo: req.pageNo, perPage: req.perPage, ...req.extra, search: req.search || undefined },
  });
}
