// The e2e scenarios, in run order (each one sets up what it needs, so any subset runs alone).
import type { Scenario } from '../lib/scenario';
import { bfsBrowse } from './bfs-browse';
import { deployAndLink } from './deploy-and-link';
import { groupsView } from './groups-view';

export const scenarios: Scenario[] = [groupsView, bfsBrowse, deployAndLink];
