import { API_BASE } from '@yuqing/core';
import { vi } from 'vitest';

/**
 * What a route answers: the envelope's `data`, or a whole Response (a refusal, a file); a promise
 * of either holds the answer back.
 */
export type Handler = (call: { params: URLSearchParams; body: unknown }) => unknown;

export const envelope = (data: unknown, status = 200, msg?: string) =>
  new Response(JSON.stringify({ success: status < 400, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Serves the client's fetch calls from `routes`, keyed by method and path under `/api/v1`
 * (`'POST /report'`); an unknown route answers 404. Answers the calls made, in order.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { route: string; params: URLSearchParams; body: unknown }[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${init.method ?? 'GET'} ${url.pathname.slice(API_BASE.length)}`;
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ route, params: url.searchParams, body });
    const handler = routes[route];
    if (!handler) return envelope(null, 404, `no route ${route}`);
    const answer = await handler({ params: url.searchParams, body });
    return answer instanceof Response ? answer : envelope(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}
