import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db';
import { users } from '../../src/server/db/schema/identity';
import type { BenchSeed } from '../lists/bench-database';
import { ownerContext } from '../lists/owner-context';
import { registerOwner, writeSeedMarker } from '../lists/seed';
import { bigOrg } from '../lists/seed-plan';
import { installEntityTemplate } from '../../src/server/features/objects/install-entity-template';

/*
 * The custom-object benchmark's tenants: the big organization (the lists benchmark's owner, so
 * its sign-in and SQL floor serve this one too) with 200,000 Properties records, among small
 * organizations holding the same object, so every index must separate tenants. The object is
 * the Surplus Funds Locator template, installed through the real service; the records are
 * inserted set-based (one INSERT … SELECT generate_series per organization), their values
 * picked by hashing the row number so every seed holds the same data.
 */

export const benchObjectType = 'property';
export const bigOrgRecords = 200_000;
const smallOrgs = Array.from({ length: 9 }, (_, i) => ({
  name: `Bench Objects Small Org ${i + 1}`,
  ownerEmail: `owner@bench-objects-small-${i + 1}.test`,
  records: 2_000,
}));

/** Bump when the seeded data changes: an older marker makes the next run reseed. */
const seedVersion = 1;

/** Florida and Georgia counties, streets and cities, surnames for the former owners. */
const pools = sql`
  select
    array['Orange','Hillsborough','Duval','Pinellas','Polk','Osceola','Volusia','Brevard','Lee','Pasco',
      'Seminole','Lake','Marion','Sarasota','Manatee','Collier','Escambia','Leon','Alachua','St. Lucie',
      'Cobb','Fulton','DeKalb','Gwinnett','Clayton','Henry','Cherokee','Forsyth','Chatham','Richmond',
      'Bibb','Muscogee','Clarke','Douglas','Paulding','Hall','Houston','Columbia','Fayette','Carroll'] as counties,
    array['Magnolia Ave','Cypress St','Baymeadows Rd','Peachtree Cir','Willow Bend Ct','Palmetto Dr',
      'Orange Blossom Trl','Live Oak Ln','Seminole Blvd','Pine Ridge Rd','Lakeview Dr','Hickory Hill Rd',
      'Dogwood Trl','Sandpiper Way','Heron Cove','Citrus Grove Ln','Gulf Breeze Pkwy','Coral Way',
      'Mockingbird Ln','Old Dixie Hwy','Cherokee Rose Ln','Sawgrass Ct','Bayshore Blvd','Pelican Pt',
      'Riverside Ave','Cotton Mill Rd','Jasmine St','Azalea Dr','Wiregrass Rd','Sea Grape Ct'] as streets,
    array['Tax deed sale','Sheriff sale / foreclosure','Mortgage foreclosure','HOA foreclosure'] as sale_types,
    array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
      'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin',
      'Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson',
      'Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores'] as lasts,
    array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
      'Dolores','Harold','Marcus','Ruth','Anthony','Gloria','Vernon','Angela','Curtis','Lorraine'] as firsts`;

/**
 * `count` Properties: created over the last two years in insertion order; sale prices from
 * $20,000 to $420,000 with the surplus a share of it; the record's name is the street address.
 */
async function insertRecords(db: Database, orgId: string, count: number) {
  await db.execute(sql`
    with p as (${pools})
    insert into entity_records (organization_id, entity_type, display_name, data, search_text, created_at, updated_at)
    select ${orgId}, ${benchObjectType}, v.address, v.data, lower(concat_ws(' ', v.address, v.data->>'parcelNumber',
      v.data->>'propertyAddress', v.data->>'county', v.data->>'formerOwner')), v.created_at, v.created_at
    from generate_series(1, ${count}) as g(i)
    cross join p
    cross join lateral (
      select
        hashint4(g.i)::bigint + 2147483648 as a,
        hashint4(g.i + 10000019)::bigint + 2147483648 as b,
        hashint4(g.i + 20000003)::bigint + 2147483648 as c
    ) as h
    cross join lateral (
      select
        (100 + h.a % 9900)::text || ' ' || p.streets[1 + h.b % cardinality(p.streets)] as address,
        now() - interval '730 days' * (1 - g.i::float8 / ${count}) as created_at,
        20000 + h.c % 400000 as sale_price
    ) as s
    cross join lateral (
      select s.address, s.created_at, jsonb_build_object(
        'parcelNumber', lpad((h.a % 100)::text, 2, '0') || '-' || lpad((h.b % 100)::text, 2, '0') || '-' || lpad(g.i::text, 7, '0'),
        'propertyAddress', s.address,
        'county', p.counties[1 + h.c % cardinality(p.counties)],
        'saleType', p.sale_types[1 + h.a % cardinality(p.sale_types)],
        'saleDate', to_char(s.created_at - (h.b % 120) * interval '1 day', 'YYYY-MM-DD'),
        'assessedValue', s.sale_price + h.a % 50000,
        'openingBid', round((h.b % 1500000) / 100.0, 2),
        'salePrice', s.sale_price,
        'surplusAmount', round(s.sale_price * (h.c % 60) / 100.0, 2),
        'formerOwner', p.firsts[1 + h.b % cardinality(p.firsts)] || ' ' || p.lasts[1 + h.c % cardinality(p.lasts)]
      ) as data
    ) as v`);
}

async function seedOrganization(db: Database, name: string, email: string, records: number) {
  const orgId = await registerOwner(db, name, email);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await installEntityTemplate(
    ownerContext(db, { id: owner.id, organizationId: orgId }),
    'surplus-properties',
  );
  await insertRecords(db, orgId, records);
}

/**
 * The GIN indexes of entity_records as migration 0015 creates them: built once after the rows
 * are in, which takes a fraction of the time their row-by-row upkeep would (PGlite above all).
 */
const ginIndexes = [
  sql`create index entity_records_search_trgm_idx on entity_records using gin (search_text gin_trgm_ops)`,
  sql`create index entity_records_data_idx on entity_records using gin (data jsonb_path_ops)`,
];

async function seedObjects(db: Database, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  // More memory for building the indexes (the trigram and JSON GINs above all).
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  await db.execute(sql`drop index entity_records_search_trgm_idx, entity_records_data_idx`);
  for (const org of [
    { name: bigOrg.name, ownerEmail: bigOrg.ownerEmail, records: bigOrgRecords },
    ...smallOrgs,
  ]) {
    const orgStarted = performance.now();
    await seedOrganization(db, org.name, org.ownerEmail, org.records);
    log(
      `  ${org.name}: ${org.records.toLocaleString('en-US')} Properties in ${((performance.now() - orgStarted) / 1000).toFixed(1)} s`,
    );
  }
  const indexStarted = performance.now();
  for (const index of ginIndexes) await db.execute(index);
  log(`  GIN indexes: ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
  // PGlite has no autovacuum: the visibility map and the planner's statistics come from here.
  await db.execute(sql`vacuum analyze`);
  const seconds = (performance.now() - started) / 1000;
  await writeSeedMarker(db, objectsSeed.markerTable, seedVersion, seconds);
  return seconds;
}

export const objectsSeed: BenchSeed = {
  markerTable: 'bench_objects_seed',
  version: seedVersion,
  run: seedObjects,
};
