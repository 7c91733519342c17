// Groups view model: how nodes and their status read in the tree. Pure.

import type { NodeStatus, NodeSummary } from '../chain/chainApi';

export function roleLabel(n: NodeSummary): string {
  switch (n.role) {
    case 'sealer':
      return `sealer · weight ${n.weight ?? 1}`;
    case 'observer':
      return 'observer';
    case 'candidate':
      return `candidate sealer · weight ${n.weight ?? 0}`;
    default:
      return 'not in consensus';
  }
}

export function describeNode(n: NodeSummary, s?: NodeStatus): string {
  const parts = [roleLabel(n)];
  if (s) {
    parts.push(`#${s.blockNumber}`, `${s.pendingTxs} pending`);
    if (s.isSyncing) parts.push('syncing');
  }
  return parts.join(' · ');
}

/** Semantic version text of a node build, e.g. "3.16.0". */
export function versionText(n: NodeSummary): string {
  return n.version ?? 'unknown';
}

/** FISCO encodes compatibility versions as 0xMMmmpp00 (e.g. 50528256 = 3.3.0). */
export function protocolVersionText(v: number): string {
  if (!Number.isFinite(v) || v < 0x1000000) return String(v);
  return `${(v >>> 24) & 0xff}.${(v >>> 16) & 0xff}.${(v >>> 8) & 0xff}`;
}

export function protocolText(n: NodeSummary): string {
  if (!n.protocol) return 'unknown';
  const p = n.protocol;
  return `compatibility ${protocolVersionText(p.compatibilityVersion)} · supports ${protocolVersionText(p.minSupportedVersion)}–${protocolVersionText(p.maxSupportedVersion)}`;
}

export function syncText(s: NodeStatus): string {
  if (s.isSyncing === undefined) return 'unknown';
  if (!s.isSyncing) return 'in sync';
  return `syncing (${s.blockNumber} of ${s.knownHighest ?? '?'})`;
}

export function contextValueOf(n: NodeSummary): string {
  return `node.${n.role}`;
}
