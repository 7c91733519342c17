// The e2e scenarios, in run order (each one sets up what it needs, so any subset runs alone).
import type { Scenario } from '../lib/scenario';
import { bfsBrowse } from './bfs-browse';
import { blockAndTransaction } from './block-and-transaction';
import { debugTransaction } from './debug-transaction';
import { deployAndLink } from './deploy-and-link';
import { eventsAndFailures } from './events-and-failures';
import { events10k } from './events-10k';
import { freezeAndBalance } from './freeze-and-balance';
import { governanceVote } from './governance-vote';
import { groupsView } from './groups-view';
import { permissionEditor } from './permission-editor';
import { tableBrowser } from './table-browser';
import { solidityEditor } from './solidity-editor';

export const scenarios: Scenario[] = [
  groupsView,
  bfsBrowse,
  deployAndLink,
  blockAndTransaction,
  eventsAndFailures,
  events10k,
  freezeAndBalance, // before governanceVote: one governor passes the balance proposals
  governanceVote,
  permissionEditor,
  tableBrowser,
  solidityEditor,
  debugTransaction,
];
