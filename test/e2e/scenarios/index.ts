// The e2e scenarios, in run order (each one sets up what it needs, so any subset runs alone).
import type { Scenario } from '../lib/scenario';
import { groupsView } from './groups-view';

export const scenarios: Scenario[] = [groupsView];
