/** The inspector's event stream of a server, read as it comes, until stopped. */
export interface EventStream {
  /** the entries received so far */
  entries(): { instance: string; path: string; query: string; status: number }[];
  stop(): void;
}

export async function openEventStream(base: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/__authmock/requests/stream`, { signal: abort.signal, headers });
  const reader = res.body!.getReader();
  let text = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += Buffer.from(value!).toString('utf8');
    }
  })();
  return {
    entries: () => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1])),
    stop: () => abort.abort(),
  };
}
