// The product's API as an e2e test reads it beside the screens: a call with the page's cookies (so as the person signed
// in on that page), the data of an answer that must succeed, and asking again until a background step (a Stripe
// webhook, a job the moved clock started) has left the answer the test waits for.
import type { Page } from 'playwright-core';

/** Every answer of the product's API comes in this envelope. */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  code?: string;
}

export interface ProductApi {
  /** A GET, or a POST with the Origin the product's CSRF check wants; the status and the envelope, whatever they are. */
  callApi<T>(
    page: Page,
    path: string,
    init?: { method?: 'GET' | 'POST'; data?: unknown },
  ): Promise<{ status: number; body: Envelope<T> }>;
  /** The data of a GET that must answer 200; anything else fails with the status and the answer. */
  readData<T>(page: Page, path: string): Promise<T>;
  /** Asks again every 250 ms until `isReady` holds, and fails with the last answer when `timeoutMs` runs out. */
  waitForData<T>(page: Page, path: string, isReady: (data: T) => boolean, timeoutMs?: number): Promise<T>;
}

/**
 * The API of the product running at `baseUrl`. `waitMs`: how long `waitForData` waits when the call does not say
 * (a file whose background steps are slower gives more).
 */
export function connectProductApi(
  baseUrl: string,
  { waitMs = 20_000 }: { waitMs?: number } = {},
): ProductApi {
  async function callApi<T>(
    page: Page,
    path: string,
    init: { method?: 'GET' | 'POST'; data?: unknown } = {},
  ): Promise<{ status: number; body: Envelope<T> }> {
    const response =
      init.method === 'POST'
        ? await page.request.post(`${baseUrl}${path}`, {
            headers: { origin: baseUrl },
            data: init.data ?? {},
          })
        : await page.request.get(`${baseUrl}${path}`);
    return { status: response.status(), body: (await response.json()) as Envelope<T> };
  }

  async function readData<T>(page: Page, path: string): Promise<T> {
    const { status, body } = await callApi<T>(page, path);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)}`);
    return body.data;
  }

  async function waitForData<T>(
    page: Page,
    path: string,
    isReady: (data: T) => boolean,
    timeoutMs = waitMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let data = await readData<T>(page, path);
    while (!isReady(data) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      data = await readData<T>(page, path);
    }
    if (!isReady(data)) throw new Error(`GET ${path} never became ready: ${JSON.stringify(data)}`);
    return data;
  }

  return { callApi, readData, waitForData };
}
