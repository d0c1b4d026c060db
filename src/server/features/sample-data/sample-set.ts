import type { IndustrySector } from '../../../common/constants';
import type { saleTypes } from '../../../common/surplus';
import type {
  activityTypes,
  clientStatuses,
  companyRelationshipStatuses,
  interestLevels,
  leadStatuses,
  phoneTypes,
} from '../../../common/allowed-values';

/*
 * The shape of a sector's sample set. Records name each other by `key` (a lead converted into a
 * client, a deal's client, an activity's record) and give their dates relative to the moment the
 * organization is created, so a new organization's sample always looks recent: leads from the
 * last few weeks, a task due tomorrow, a claim deadline next week.
 *
 * People and businesses are invented; e-mails use example.com and phone numbers the 555-01xx
 * range, both reserved for fiction, so a sample record can never reach a real person.
 */

export interface SampleLead {
  key: string;
  fullName: string;
  email?: string;
  phone?: string;
  phoneType?: (typeof phoneTypes)[number];
  businessName?: string;
  industry?: string;
  location?: string;
  /** One of the lead sources the sector is seeded with. */
  leadSource: string;
  /** 'Converted' only for the lead a sample client names in `fromLead`. */
  leadStatus: (typeof leadStatuses)[number];
  interestLevel?: (typeof interestLevels)[number];
  notes?: string;
  /** Tags the sector is seeded with. */
  tags?: string[];
  createdDaysAgo: number;
  lastContactDaysAgo?: number;
}

export interface SampleClient {
  key: string;
  displayName: string;
  status: (typeof clientStatuses)[number];
  /** The lead this client was converted from (that lead is marked Converted and points back). */
  fromLead?: string;
  tags?: string[];
  createdDaysAgo: number;
  lastContactDaysAgo?: number;
}

export interface SampleCompany {
  companyName: string;
  website?: string;
  industry?: string;
  keyContact?: string;
  employeeCount?: number;
  estimatedRevenue?: number;
  hqLocation?: string;
  companyType?: string;
  techStack?: string[];
  relationshipStatus: (typeof companyRelationshipStatuses)[number];
  customTags?: string[];
  notes?: string;
  createdDaysAgo: number;
}

/** A surplus-funds case, stored in the deal's "Surplus case" custom fields. */
export interface SampleSurplusCase {
  propertyAddress: string;
  county: string;
  state: string;
  caseNumber: string;
  parcelNumber: string;
  saleType: (typeof saleTypes)[number];
  saleDaysAgo: number;
  winningBid: number;
  totalDebt: number;
  seniorLiens: number;
  locatorFeePercent: number;
  /** Left out for a case already paid, where the deadline no longer matters. */
  claimDeadlineInDays?: number;
}

export interface SampleDeal {
  key: string;
  dealName: string;
  dealType?: string;
  /** Position in the organization's default pipeline (0 = first stage). */
  stageIndex: number;
  client?: string;
  leadSource?: string;
  /** For a surplus case, left out: the deal is worth the expected fee. */
  dealValue?: number;
  contractDuration?: string;
  /** Negative for a deal already closed. */
  expectedCloseInDays: number;
  notes?: string;
  tags?: string[];
  surplus?: SampleSurplusCase;
  createdDaysAgo: number;
}

export type SampleActivityTarget = { lead: string } | { client: string } | { deal: string };

export interface SampleActivity {
  on: SampleActivityTarget;
  type: (typeof activityTypes)[number];
  subject: string;
  description?: string;
  /** A pending activity is an open task, due `dueInDays` from now. */
  status: 'pending' | 'completed';
  dueInDays?: number;
  daysAgo: number;
}

export interface SampleSet {
  sector: IndustrySector;
  leads: SampleLead[];
  clients: SampleClient[];
  companies: SampleCompany[];
  deals: SampleDeal[];
  activities: SampleActivity[];
}
