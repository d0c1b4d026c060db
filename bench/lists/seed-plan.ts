/** What the benchmark seeds: one large tenant among small ones, so indexes must separate tenants. */

/** Bump when the seeded data changes: an older marker makes the next run reseed. */
export const seedVersion = 1;

export const benchPassword = 'bench-lists-Password-1';

export interface SeededOrganization {
  name: string;
  ownerEmail: string;
  /** Users besides the owner, to spread lead owners over. */
  extraUsers: number;
  leads: number;
  deals: number;
}

export const bigOrg: SeededOrganization = {
  name: 'Bench Big Org',
  ownerEmail: 'owner@bench-big.test',
  extraUsers: 9,
  leads: 1_000_000,
  deals: 5_000,
};

export const smallOrgs: SeededOrganization[] = Array.from({ length: 19 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    name: `Bench Small Org ${n}`,
    ownerEmail: `owner@bench-small-${n}.test`,
    extraUsers: 2,
    leads: 2_000,
    deals: 100,
  };
});
