// The answers a server still owes (HTTP, lean or node:http, and the WebSocket channel's
// RPC_REQUESTs count into one): requests read and handed to the handler whose answer has not
// settled. close() waits for none to be due before it drops the connections, so a request read
// before the dev node stopped (a transaction whose block commits meanwhile) is answered, and a
// handler the turn's batch still holds runs before the chain closes. Two integer updates per
// request, no promise: the hot path's cost was measured (a Set of answers with a reaction each
// cost `call` 5% of its req/s).

export class AnswersDue {
  private count = 0;
  private readonly waiters: (() => void)[] = [];

  /** A request was handed to the handler. */
  begin(): void {
    this.count++;
  }

  /** Its answer settled (written, or about to be, by the turn's writes). */
  end(): void {
    if (--this.count === 0 && this.waiters.length > 0) for (const w of this.waiters.splice(0)) w();
  }

  /** Whether an answer is due now. */
  get owed(): boolean {
    return this.count > 0;
  }

  /** Resolves once no answer is due. */
  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
