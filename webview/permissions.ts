// Permission editor: deploy policy and per-account deploy rights (committee proposals), and for a
// contract its admin (proposal) and each method's auth type and account lists (admin calls).

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import {
  type HostToPermissions,
  type MethodAuthView,
  type PermissionAction,
  type PermissionState,
  type PermissionsToHost,
  parseHostToPermissions,
} from '../src/extension/messages/permissionMessages';
import { fieldTable, h, message, mount, section } from './lib/dom';
import { onHostMessage, post } from './lib/host';
import { showContext } from './lib/contextBar';

const send = (m: PermissionsToHost) => post(m);
const AUTH = ['none (everyone)', 'white list', 'black list'];
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
type ValueEl = HTMLElement & { value: string };

const outcome = h('div', { 'aria-live': 'polite' });
/** The active account of the state on screen: sent with every action so the host can refuse a stale page. */
let shownAccount = '';

function act(action: PermissionAction): void {
  outcome.replaceChildren(
    h(
      'div',
      { class: 'toolbar' },
      h('vscode-progress-ring', {}),
      h('span', { class: 'muted' }, 'Waiting for confirmation and the receipt…'),
    ),
  );
  send({ type: 'action', action, account: shownAccount });
}

/** An address field with a button per action; the address is checked before anything is sent. */
function addressActions(
  placeholder: string,
  actions: { label: string; run: (address: string) => PermissionAction }[],
): HTMLElement {
  const input = h('vscode-textfield', { placeholder }) as ValueEl;
  const invalid = h('span', { class: 'invalid' });
  return h(
    'div',
    { class: 'row' },
    input,
    ...actions.map((a) =>
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: () => {
            const v = input.value.trim();
            if (!ADDRESS.test(v)) {
              invalid.textContent = 'Enter a 0x address of 40 hex digits.';
              return;
            }
            invalid.textContent = '';
            act(a.run(v.toLowerCase()));
          },
        },
        a.label,
      ),
    ),
    invalid,
  );
}

function authTypeSelect(current: number, onSet: (t: 1 | 2) => void, label: string): HTMLElement {
  // Exactly one option is selected, also for "none" (0): a select with no selected option renders
  // blank once a second one is on the page.
  const initial = current === 2 ? '2' : '1';
  const select = h(
    'vscode-single-select',
    { 'data-initial': initial, 'data-testid': 'auth-type-select' },
    h('vscode-option', { value: '1', selected: initial === '1' }, 'white list'),
    h('vscode-option', { value: '2', selected: initial === '2' }, 'black list'),
  ) as ValueEl;
  return h(
    'div',
    { class: 'row' },
    select,
    h('vscode-button', { secondary: true, onclick: () => onSet(select.value === '2' ? 2 : 1) }, label),
  );
}

/**
 * A vscode-single-select reads its options' labels from their innerText, which is empty while the
 * <details> around it is closed: a method section the user opens later showed a blank access-rule
 * dropdown. Once the section is open, hand the options to the select again (re-appending them makes
 * it re-read the labels) and keep the value it had.
 */
function showSelectedRules(section: HTMLElement): void {
  for (const el of section.querySelectorAll<ValueEl>('vscode-single-select[data-initial]')) {
    const value = el.value || (el.dataset.initial ?? '1');
    for (const option of [...el.children]) el.appendChild(option);
    el.value = value;
  }
}

/** Method sections the user opened: kept open when the state is re-rendered after an action. */
const openMethods = new Set<string>();

function methodSection(m: MethodAuthView, isAdmin: boolean): HTMLElement {
  const body = h(
    'div',
    { class: 'collapsible-body' },
    fieldTable([
      { label: 'Auth Type', value: AUTH[m.authType] ?? String(m.authType) },
      { label: 'Allowed', value: m.access.join('\n') || '—' },
      { label: 'Blocked', value: m.block.join('\n') || '—' },
    ]),
    isAdmin
      ? h(
          'div',
          {},
          authTypeSelect(
            m.authType,
            (t) => act({ type: 'setMethodAuthType', selector: m.selector, authType: t }),
            'Set Auth Type',
          ),
          m.authType
            ? addressActions('account 0x…', [
                {
                  label: 'Open for Account',
                  run: (account) => ({ type: 'setMethodAuth', selector: m.selector, account, open: true }),
                },
                {
                  label: 'Close for Account',
                  run: (account) => ({ type: 'setMethodAuth', selector: m.selector, account, open: false }),
                },
              ])
            : h('p', { class: 'muted' }, 'Set an auth type first to manage accounts.'),
        )
      : h('p', { class: 'muted' }, 'Only the contract admin can change method permissions.'),
  );
  return section(m.signature, `${m.selector} · ${AUTH[m.authType] ?? m.authType}`, body, {
    open: openMethods.has(m.signature),
    attrs: { 'data-signature': m.signature, 'data-selector': m.selector },
    onToggle: (open) => {
      if (open) {
        openMethods.add(m.signature);
        showSelectedRules(body);
      } else openMethods.delete(m.signature);
    },
  });
}

/** Accounts from the committee's proposal history, with what checkDeployAuth says now. */
function deployList(s: PermissionState): HTMLElement {
  const note = h(
    'p',
    { class: 'muted', 'data-testid': 'deploy-list-note' },
    'Deploy allow/deny list derived from the committee\'s executed modifyDeployAuth proposals (the chain has no query that lists accounts); "Can Deploy" is checked now with checkDeployAuth.',
  );
  if (s.deployListError)
    return h('div', {}, note, message('error', `Could not read the proposal history: ${s.deployListError}`));
  const list = s.deployList ?? [];
  if (!list.length)
    return h(
      'div',
      { 'data-testid': 'deploy-list' },
      note,
      h('p', { class: 'muted' }, 'No account has been allowed or denied through a proposal yet.'),
    );
  return h(
    'div',
    { 'data-testid': 'deploy-list' },
    note,
    h(
      'table',
      { class: 'grid' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Account'),
          h('th', {}, 'Can Deploy'),
          h('th', {}, 'Last Proposal'),
          s.isGovernor ? h('th', {}, '') : '',
        ),
      ),
      h(
        'tbody',
        {},
        ...list.map((e) =>
          h(
            'tr',
            { 'data-testid': 'deploy-list-row' },
            h('td', { class: 'mono' }, e.account, e.account === s.account?.toLowerCase() ? ' (you)' : ''),
            h('td', { class: e.canDeploy ? 'status-ok' : 'status-fail' }, e.canDeploy ? 'yes' : 'no'),
            h('td', {}, `#${e.lastProposalId}`),
            s.isGovernor
              ? h(
                  'td',
                  {},
                  h(
                    'vscode-button',
                    {
                      secondary: true,
                      onclick: () =>
                        act({ type: 'modifyDeployAuth', account: e.account, open: !e.canDeploy }),
                    },
                    e.canDeploy ? 'Propose: forbid' : 'Propose: allow',
                  ),
                )
              : '',
          ),
        ),
      ),
    ),
  );
}

function render(s: PermissionState): void {
  const c = s.contract;
  shownAccount = s.account ?? '';
  mount(
    h(
      'div',
      { class: 'toolbar' },
      h('h1', {}, c ? `Permissions of ${c.name}` : 'Permissions'),
      h('vscode-button', { secondary: true, onclick: () => send({ type: 'refresh' }) }, 'Refresh'),
    ),
    fieldTable([
      { label: 'Active Account', value: s.account ?? 'none' },
      { label: 'Governor', value: s.isGovernor ? 'yes' : 'no' },
      {
        label: 'Auth Check',
        value: s.authEnabled
          ? 'on: deploy and method permissions are enforced'
          : 'off: permissions are recorded but not enforced',
      },
    ]),
    outcome,
    h('h2', {}, 'Deploy Permission'),
    fieldTable([{ label: 'Policy', value: AUTH[s.deployAuthType] ?? String(s.deployAuthType) }]),
    deployList(s),
    s.isGovernor
      ? h(
          'div',
          {},
          authTypeSelect(
            s.deployAuthType,
            (t) => act({ type: 'setDeployAuthType', authType: t }),
            'Propose Policy',
          ),
          addressActions('account 0x…', [
            {
              label: 'Propose Allow Deploy',
              run: (account) => ({ type: 'modifyDeployAuth', account, open: true }),
            },
            {
              label: 'Propose Forbid Deploy',
              run: (account) => ({ type: 'modifyDeployAuth', account, open: false }),
            },
            { label: 'Check', run: (account) => ({ type: 'checkDeployAuth', account }) },
          ]),
        )
      : h(
          'div',
          {},
          h('p', { class: 'muted' }, 'Changing the deploy policy needs a governor account.'),
          addressActions('account 0x…', [
            { label: 'Check', run: (account) => ({ type: 'checkDeployAuth', account }) },
          ]),
        ),
    c ? h('h2', {}, 'Contract') : undefined,
    c
      ? fieldTable([
          { label: 'Address', value: c.address },
          { label: 'Admin', value: `${c.admin || 'none'}${c.isAdmin ? ' (you)' : ''}` },
        ])
      : undefined,
    c && s.isGovernor
      ? addressActions('new admin 0x…', [
          { label: 'Propose New Admin', run: (newAdmin) => ({ type: 'resetAdmin', newAdmin }) },
        ])
      : undefined,
    c ? h('h2', {}, `Methods (${c.methods.length})`) : undefined,
    ...(c ? c.methods.map((m) => methodSection(m, c.isAdmin)) : []),
    c && !c.methods.length ? h('p', { class: 'muted' }, 'No state-changing methods in the ABI.') : undefined,
  );
}

let rendered = false;

onHostMessage(parseHostToPermissions, (m: HostToPermissions) => {
  if (m.type === 'context') {
    showContext(m);
    // The subject is gone: nothing on the page applies any more (the host refuses actions too).
    if (m.gone) {
      rendered = false;
      mount(h('vscode-button', { secondary: true, onclick: () => send({ type: 'refresh' }) }, 'Check Again'));
    }
    return;
  }
  if (m.type === 'state') {
    render(m.state);
    rendered = true;
  } else if (m.type === 'error') {
    // Before the first state there is nothing else to show; afterwards keep the page.
    if (rendered) outcome.replaceChildren(message('error', m.message));
    else
      mount(
        message('error', m.message),
        h('vscode-button', { secondary: true, onclick: () => send({ type: 'refresh' }) }, 'Retry'),
      );
  } else
    outcome.replaceChildren(
      message(m.ok ? 'ok' : 'error', `${m.message}${m.proposalId ? ` (proposal #${m.proposalId})` : ''}`),
      m.transactionHash
        ? h(
            'button',
            {
              class: 'link mono',
              onclick: () => send({ type: 'openTransaction', hash: m.transactionHash! }),
            },
            `Transaction ${m.transactionHash}`,
          )
        : '',
    );
});

mount(
  h(
    'div',
    { class: 'toolbar' },
    h('vscode-progress-ring', {}),
    h('span', { class: 'muted' }, 'Reading permissions and the proposal history…'),
  ),
);
send({ type: 'ready' });
