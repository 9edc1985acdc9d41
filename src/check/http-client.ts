/** One request as the checker sends it. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** a Uint8Array body goes out without a Content-Type unless one is set */
  body?: string | Uint8Array;
}

/** One request and what came back. */
export interface Exchange {
  request: OutgoingRequest;
  status: number;
  headers: Headers;
  /** media type of the answer, lower case, without parameters ('' when absent) */
  mediaType: string;
  text: string;
  ms: number;
}

export class NetworkError extends Error {}

/** Sends with Node's fetch; a connection failure or timeout is a NetworkError. */
export async function sendRequest(req: OutgoingRequest, timeoutMs: number): Promise<Exchange> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const cause = (err as any)?.cause?.code ?? (err as any)?.cause?.message ?? (err as Error).message;
    throw new NetworkError(`${req.method} ${req.url}: ${cause}`);
  }
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  return {
    request: req,
    status: res.status,
    headers: res.headers,
    mediaType: contentType.split(';')[0].trim().toLowerCase(),
    text,
    ms: performance.now() - started,
  };
}

/** Whether anything answers HTTP at the URL (any status counts). */
export async function probe(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    await sendRequest({ method: 'GET', url, headers: {} }, timeoutMs);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
