// The webview side of the message channel: typed posts to the host and validated receipts from
// it (messages that fail validation are ignored and logged).

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

export function post<T>(message: T): void {
  api.postMessage(message);
}

export function onHostMessage<T>(parse: (m: unknown) => T | undefined, handler: (m: T) => void): void {
  window.addEventListener('message', (event: MessageEvent) => {
    const m = parse(event.data);
    if (!m) {
      console.warn('Ignored an invalid message from the extension', event.data);
      return;
    }
    handler(m);
  });
}

export const state = {
  get<T>(): T | undefined {
    // The page's own state, as state.set<T> saved it.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    return api.getState() as T | undefined;
  },
  set<T>(value: T): void {
    api.setState(value);
  },
};
