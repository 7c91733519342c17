// Keeps a webview in step with the session: on open and on every change of the active
// connection, group or account it posts a `context` message (the page's context bar), after
// checking that the panel's subject still exists there, then lets the panel re-read its data.

import type { Session } from '../session';
import { type ContextMessage, type ViewContext } from '../messages/contextMessages';
import type { PanelHost } from './panelHost';

export function viewContext(session: Session): ViewContext {
  const c = session.connection;
  if (!c) return { connection: '', group: '' };
  const a = session.account();
  return {
    connection: c.name,
    group: c.group,
    ...(a ? { account: a.address, accountLabel: a.label } : {}),
  };
}

export interface Follow {
  /** Posts the context now (after the subject check) and runs `after` when the subject exists. */
  push(): Promise<void>;
  /** The subject problem of the last push, if any. */
  readonly gone: string | undefined;
}

/**
 * `subject` answers why the panel's subject is missing on the active connection (undefined when it
 * exists); `after` re-reads the panel's data for the new connection or account.
 */
export function followSession<In>(
  host: PanelHost<In, ContextMessage>,
  session: Session,
  subject: (() => Promise<string | undefined>) | undefined,
  after: () => Promise<void> | void,
): Follow {
  let gone: string | undefined;
  let generation = 0;
  const push = async () => {
    const mine = ++generation;
    const context = viewContext(session);
    let problem: string | undefined;
    if (!context.connection) problem = 'No active FISCO BCOS connection: select or add one to use this page.';
    else if (subject) problem = await subject().catch(() => undefined);
    // A newer change arrived while checking: its push tells the page instead.
    if (mine !== generation || host.isDisposed) return;
    gone = problem;
    await host.post({ type: 'context', context, ...(problem ? { gone: problem } : {}) });
    if (!problem) await after();
  };
  host.track(session.onDidChange(() => void push()));
  return {
    push,
    get gone() {
      return gone;
    },
  };
}

/** A subject check for a contract: missing code at the address on the active connection. */
export function contractSubject(session: Session, address: string, name?: string) {
  return async (): Promise<string | undefined> => {
    const api = session.chain();
    const c = session.connection;
    if (!api || !c) return undefined;
    const code = await api.code(address);
    if (code && code !== '0x') return undefined;
    return `${name ? `${name} (${address})` : address} does not exist on ${c.name} (${c.group}). Switch back to the connection it was deployed on, or open it again from there.`;
  };
}

/**
 * Why an action from a page must not be sent: the page was drawn for another account (the session
 * changed and the new state had not reached the page yet), or its subject is gone.
 */
export function staleAction(
  session: Session,
  shown: string | undefined,
  gone: string | undefined,
): string | undefined {
  if (gone) return `Nothing was sent: ${gone}`;
  const now = session.account()?.address ?? '';
  if (shown !== undefined && shown.toLowerCase() !== now.toLowerCase())
    return `Nothing was sent: the active account changed to ${now || 'none'} after this page was drawn for ${shown || 'no account'}. The page now shows the new account; check and try again.`;
  return undefined;
}
