// The product's calls to Stripe take their turns in the world's one line (turns.ts), as DynamoDB's requests do: every
// `stripe` SDK made in this process sends through an HTTP client that waits for its turn, reads the whole reply in
// it, and only then hands it to the SDK. A call the SDK will send again (a 429 or 500, a reply lost on the way) keeps
// the line at its place until the retry comes, whatever the SDK's back-off in real time. So while a double click's
// first half waits on Stripe, the second half's requests wait too, and the two interleave the same way on every run.
import { Readable } from 'node:stream';
import Stripe from 'stripe';
import { inTurn } from './turns';

/** The SDK's HTTP client and its reply, as far as the SDK uses them. */
interface HttpClientResponse {
  getStatusCode(): number;
  getHeaders(): Record<string, string>;
  getRawResponse(): unknown;
  toStream(done: () => void): unknown;
  toJSON(): Promise<unknown>;
}
interface HttpClient {
  getClientName(): string;
  makeRequest(...args: unknown[]): Promise<HttpClientResponse>;
}
interface StripeStatics {
  _platformFunctions: { createDefaultHttpClient(): HttpClient };
}
type ShouldRetry = (res: unknown, retries: number, maxRetries: number, error?: unknown) => boolean;
interface RequestSenderClass {
  _shouldRetry: ShouldRetry;
}

/** A reply read to its end inside the turn. */
function bufferedReply(status: number, headers: Record<string, string>, body: string): HttpClientResponse {
  return {
    getStatusCode: () => status,
    getHeaders: () => headers,
    getRawResponse: () => Readable.from([body]),
    toStream(done) {
      const stream = Readable.from([body]);
      stream.once('end', done);
      return stream;
    },
    toJSON: () =>
      new Promise((resolve, reject) => {
        try {
          resolve(JSON.parse(body));
        } catch (error) {
          reject(Object.assign(error as Error, { rawBody: body }));
        }
      }),
  };
}

async function readAll(response: HttpClientResponse): Promise<HttpClientResponse> {
  const raw = response.getRawResponse() as AsyncIterable<Buffer | string>;
  const chunks: Buffer[] = [];
  for await (const chunk of raw) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return bufferedReply(
    response.getStatusCode(),
    response.getHeaders(),
    Buffer.concat(chunks).toString('utf8'),
  );
}

/** Told the SDK's decision on the reply just handed to it: whether it sends the request again. */
let decided: ((retry: boolean) => void) | null = null;

interface Asked {
  args: unknown[];
  answer: (reply: HttpClientResponse) => void;
  fail: (error: unknown) => void;
}

class TurnTakingHttpClient implements HttpClient {
  /** Set while a turn waits for this client's retry of the request it just answered. */
  private retry: ((asked: Asked) => void) | null = null;

  constructor(private readonly inner: HttpClient) {}

  getClientName(): string {
    return this.inner.getClientName();
  }

  makeRequest(...args: unknown[]): Promise<HttpClientResponse> {
    if (!taking) return this.inner.makeRequest(...args);
    return new Promise((answer, fail) => {
      const asked = { args, answer, fail };
      const retry = this.retry;
      this.retry = null;
      if (retry) retry(asked);
      else void inTurn(() => this.serve(asked));
    });
  }

  /** One turn: the request, its reply read to the end, the SDK's decision, and its retries if it makes any. */
  private async serve(first: Asked): Promise<void> {
    let asked = first;
    for (;;) {
      const decision = new Promise<boolean>((resolve) => {
        decided = resolve;
      });
      try {
        asked.answer(await this.inner.makeRequest(...asked.args).then(readAll));
      } catch (error) {
        asked.fail(error);
      }
      // The SDK decides in the same moment it reads the reply; one that hands a failure straight back never does.
      const never = new Promise<boolean>((resolve) => setImmediate(() => resolve(false)));
      const again = await Promise.race([decision, never]);
      decided = null;
      if (!again) return;
      asked = await new Promise<Asked>((resolve) => {
        this.retry = resolve;
      });
    }
  }
}

let installed = false;
/** Whether calls take turns now (while an engine runs). */
let taking = false;

/** Puts every `stripe` SDK made from now in this process on the world's line, until `false` takes them off. */
export function installStripeTurns(on = true): void {
  taking = on;
  if (installed) return;
  installed = true;
  const statics = Stripe as unknown as StripeStatics;
  const platform = statics._platformFunctions;
  const createDefault = platform.createDefaultHttpClient.bind(platform);
  platform.createDefaultHttpClient = () => new TurnTakingHttpClient(createDefault());
  // The SDK asks its RequestSender whether to retry a reply; the answer keeps (or frees) the line.
  const sender = (new Stripe('sk_test_simulation') as unknown as { _requestSender: object })._requestSender
    .constructor as unknown as RequestSenderClass;
  const shouldRetry = sender._shouldRetry.bind(sender);
  sender._shouldRetry = (res, retries, maxRetries, error) => {
    const retry = shouldRetry(res, retries, maxRetries, error);
    decided?.(retry);
    return retry;
  };
}
