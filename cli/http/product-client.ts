import type { Product } from '../../core/product/index';
import { API, type ApiRoute } from '../../server/api/index';
import { apiRequest, queryString } from './api-request';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './client';
import { TRANSPORTS, composed } from './transports';

/**
 * The product over a running server's HTTP API: the same `Product` the
 * server maps its routes onto (testing/product-contract.ts runs against both),
 * made from the route table (server/api/index.ts), not method by method:
 * each method fills its route's request from its arguments and reads the
 * answer by the route's transport (JSON unless the table says otherwise).
 */
export function createProductClient(options: HttpClientOptions, table: readonly ApiRoute[] = API): Product & { readonly baseUrl: string } {
  const http = createHttpClient(options);
  const methods: Record<string, (...args: unknown[]) => unknown> = {};
  for (const call of new Set(table.map((r) => r.call))) {
    methods[call] = (...args: unknown[]) => {
      const request = apiRequest(table, call, args);
      const transport = request.route.transport ?? 'json';
      return transport === 'json' ? json(http, request.route, request, args) : TRANSPORTS[transport](http, request, args, table);
    };
  }
  const product = { baseUrl: http.baseUrl, ...methods } as unknown as Product & { readonly baseUrl: string };
  return Object.assign(product, composed(product, http, table));
}

async function json(http: HttpClient, route: ApiRoute, request: ReturnType<typeof apiRequest>, args: unknown[]): Promise<unknown> {
  const path = request.path + queryString(request.query);
  const answer = route.method === 'GET' ? await http.get(path)
    : route.method === 'DELETE' ? await http.del(path)
      : route.method === 'POST' ? await http.post(path, request.body)
        : route.method === 'PATCH' ? await http.patch(path, request.body) : await http.put(path, request.body);
  return route.reshape ? route.reshape.fromBody(answer, args) : answer;
}
