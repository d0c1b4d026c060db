import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { tenantId } from './identity';

/**
 * What an organization has recorded about one state's surplus-funds rules: how long a former
 * owner has to claim, the most a locator may charge, whether the claim may be assigned and
 * whether an attorney must file. Entered by the organization, never seeded as legal fact.
 */
export const stateRules = pgTable(
  'state_rules',
  {
    id: idColumn(),
    organizationId: tenantId(),
    // Two uppercase letters (USPS code), one rule per state per organization.
    state: text('state').notNull(),
    // Null when not known.
    claimWindowDays: integer('claim_window_days'),
    feeCapPercent: numeric('fee_cap_percent', { precision: 5, scale: 2 }),
    assignmentAllowed: boolean('assignment_allowed'),
    attorneyRequired: boolean('attorney_required'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    // Also the organization-led index every lookup by state uses.
    unique('state_rules_org_state_unique').on(t.organizationId, t.state),
    check('state_rules_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('state_rules_claim_window_days_check', sql`${t.claimWindowDays} between 1 and 3650`),
    check('state_rules_fee_cap_percent_check', sql`${t.feeCapPercent} between 0 and 100`),
  ],
);
