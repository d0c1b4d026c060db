import { eq, type SQL, sql } from 'drizzle-orm';
import { registerSchema } from '../../src/common/validation/auth';
import type { Database } from '../../src/server/db';
import { users } from '../../src/server/db/schema/identity';
import { registerOrganization } from '../../src/server/features/auth/register-organization';
import { clearSampleData } from '../../src/server/features/sample-data/clear-sample-data';
import { ownerContext } from './owner-context';
import { benchPassword, bigOrg, seedVersion, smallOrgs } from './seed-plan';

/*
 * The benchmark's tenants, seeded set-based (INSERT … SELECT … FROM generate_series): one
 * statement per table per organization, so a million leads take seconds on PostgreSQL rather
 * than the hours a row-by-row insert would. Organizations and their owners go through the real
 * registration service, so the owners sign in like any user and every organization has its
 * default pipeline, lead sources and tags.
 *
 * Values are picked by hashing the row number (hashint4), not random(), so every seed of a given
 * version holds the same data and runs compare like with like.
 */

/** Where the seed records itself: its presence (at the current version) means "already seeded". */
export const listsMarkerTable = 'bench_lists_seed';

export interface SeedMarker {
  version: number;
  seconds: number;
  seededAt: string;
}

/** Both drivers answer `{ rows }`; the shared Database type does not say so. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The seed's marker in `table` (one per benchmark), or null when no seed finished. */
export async function readSeedMarker(db: Database, table: string): Promise<SeedMarker | null> {
  const [found] = await rowsOf<{ t: string | null }>(db, sql`select to_regclass(${table})::text as t`);
  if (!found?.t) return null;
  const [row] = await rowsOf<{ version: number; seconds: string; seeded_at: string }>(
    db,
    sql`select version, seconds::text, seeded_at::text from ${sql.identifier(table)} order by seeded_at desc limit 1`,
  );
  return row ? { version: row.version, seconds: Number(row.seconds), seededAt: row.seeded_at } : null;
}

/** Records that a seed of `version` finished in `seconds`. */
export async function writeSeedMarker(db: Database, table: string, version: number, seconds: number) {
  const marker = sql.identifier(table);
  await db.execute(
    sql`create table if not exists ${marker} (version integer not null, seconds numeric not null, seeded_at timestamptz not null default now())`,
  );
  await db.execute(sql`insert into ${marker} (version, seconds) values (${version}, ${seconds})`);
}

/** Whether any tenant exists: a database without the marker but with data is a half-done seed. */
export async function hasOrganizations(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from organizations`);
  return (row?.n ?? 0) > 0;
}

/** Seeds every tenant on a freshly migrated database; answers the seconds it took. */
export async function seedLists(db: Database, log: (line: string) => void): Promise<number> {
  const started = performance.now();
  // More memory for the index maintenance of a million inserted rows (trigram GINs above all).
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const org of [bigOrg, ...smallOrgs]) {
    const orgStarted = performance.now();
    const orgId = await registerOwner(db, org.name, org.ownerEmail);
    await insertTeammates(db, orgId, org.ownerEmail, org.extraUsers);
    await insertLeads(db, orgId, org.leads);
    await insertDeals(db, orgId, org.deals);
    log(
      `  ${org.name}: ${org.leads.toLocaleString('en-US')} leads, ${org.deals.toLocaleString('en-US')} deals in ${((performance.now() - orgStarted) / 1000).toFixed(1)} s`,
    );
  }
  // VACUUM sets the visibility map (index-only scans for counts) and ANALYZE gives the planner
  // the new distribution; on PostgreSQL autovacuum would do both, PGlite has no autovacuum.
  const vacuumStarted = performance.now();
  await db.execute(sql`vacuum analyze`);
  log(`  vacuum analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;
  await writeSeedMarker(db, listsMarkerTable, seedVersion, seconds);
  return seconds;
}

/** Registers the organization and its owner, without the sample set registration adds. */
export async function registerOwner(db: Database, organizationName: string, email: string): Promise<string> {
  const owner = await registerOrganization(
    db,
    registerSchema.parse({
      organizationName,
      industrySector: 'Surplus Funds Locator',
      firstName: 'Bench',
      lastName: 'Owner',
      email,
      password: benchPassword,
    }),
  );
  await clearSampleData(ownerContext(db, owner));
  return owner.organizationId;
}

/** Owners to assign leads to; they share the owner's password hash (they never sign in). */
export async function insertTeammates(db: Database, orgId: string, ownerEmail: string, count: number) {
  if (count === 0) return;
  const [owner] = await db
    .select({ password: users.password })
    .from(users)
    .where(eq(users.email, ownerEmail));
  const domain = ownerEmail.split('@')[1];
  await db.execute(sql`
    insert into users (organization_id, email, password, first_name, last_name, role)
    select ${orgId}, 'agent' || g.i || '@' || ${domain}, ${owner.password}, 'Agent', 'Number ' || g.i, 'user'
    from generate_series(1, ${count}) as g(i)`);
}

/** Word pools for names, e-mails and companies; arrays indexed by a hash of the row number. */
const pools = sql`
  select
    array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
      'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen',
      'Christopher','Lisa','Daniel','Nancy','Matthew','Betty','Anthony','Sandra','Mark','Margaret',
      'Donald','Ashley','Steven','Kimberly','Andrew','Emily','Paul','Donna','Joshua','Michelle',
      'Kenneth','Carol','Kevin','Amanda','Brian','Melissa','George','Deborah','Timothy','Stephanie',
      'Ronald','Dorothy','Jason','Rebecca','Edward','Sharon','Jeffrey','Laura','Ryan','Cynthia',
      'Jacob','Amy','Gary','Kathleen','Nicholas','Angela','Eric','Shirley','Jonathan','Brenda',
      'Stephen','Emma','Larry','Anna','Justin','Pamela','Scott','Nicole','Brandon','Samantha',
      'Benjamin','Katherine','Samuel','Christine','Gregory','Helen','Alexander','Debra','Patrick','Rachel',
      'Frank','Carolyn','Raymond','Janet','Jack','Maria','Dennis','Catherine','Jerry','Heather',
      'Jose','Luis','Carlos','Juan','Miguel','Sofia','Isabella','Camila','Valentina','Lucia',
      'Wei','Mei','Hiroshi','Yuki','Priya','Arjun','Fatima','Omar','Olga','Dmitri'] as firsts,
    array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
      'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin',
      'Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson',
      'Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores',
      'Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell','Carter','Roberts',
      'Gomez','Phillips','Evans','Turner','Diaz','Parker','Cruz','Edwards','Collins','Reyes',
      'Stewart','Morris','Morales','Murphy','Cook','Rogers','Gutierrez','Ortiz','Morgan','Cooper',
      'Peterson','Bailey','Reed','Kelly','Howard','Ramos','Kim','Cox','Ward','Richardson',
      'Watson','Brooks','Chavez','Wood','James','Bennett','Gray','Mendoza','Ruiz','Hughes',
      'Price','Alvarez','Castillo','Sanders','Patel','Myers','Long','Ross','Foster','Jimenez',
      'Powell','Jenkins','Perry','Russell','Sullivan','Bell','Coleman','Butler','Henderson','Barnes',
      'Gonzales','Fisher','Vasquez','Simmons','Romero','Jordan','Patterson','Alexander','Hamilton','Graham',
      'Reynolds','Griffin','Wallace','Moreno','West','Cole','Hayes','Bryant','Herrera','Gibson',
      'Ellis','Tran','Medina','Aguilar','Stevens','Murray','Ford','Castro','Marshall','Owens',
      'Harrison','Fernandez','McDonald','Woods','Washington','Kennedy','Wells','Vargas','Henry','Chen'] as lasts,
    array['gmail.com','yahoo.com','outlook.com','icloud.com','aol.com','hotmail.com','comcast.net','proton.me'] as domains,
    array['Summit','Harbor','Granite','Blue Oak','Lakeside','Pioneer','Redwood','Silverline','Keystone','Evergreen',
      'Northstar','Cedar','Riverbend','Ironwood','Meridian','Sunrise','Highland','Bayview','Copper','Liberty'] as biz_words,
    array['Holdings','Properties','LLC','Group','Partners','Investments','Realty','Capital'] as biz_suffixes,
    array['Real estate','Retail','Construction','Healthcare','Legal','Hospitality','Logistics','Finance'] as industries,
    array['Austin, TX','Miami, FL','Atlanta, GA','Phoenix, AZ','Denver, CO','Columbus, OH','Tampa, FL',
      'Charlotte, NC','Nashville, TN','Las Vegas, NV','Houston, TX','Orlando, FL'] as locations,
    array['Probate','Tax sale','Foreclosure','Follow-up','VIP','Spanish speaker','Out of state','Heir'] as tag_names,
    array['Mobile','Home','Work','Other'] as phone_types,
    array['Cold','Warm','Hot'] as interest_levels`;

/** Five 32-bit hashes of the row number, non-negative, one per independent choice. */
const hashes = sql`
  select
    hashint4(g.i)::bigint + 2147483648 as a,
    hashint4(g.i + 10000019)::bigint + 2147483648 as b,
    hashint4(g.i + 20000003)::bigint + 2147483648 as c,
    hashint4(g.i + 30000001)::bigint + 2147483648 as d,
    hashint4(g.i + 40000003)::bigint + 2147483648 as e`;

/**
 * `count` leads: created over the last two years in insertion order (as a real table fills),
 * statuses weighted New > Contacted > Qualified > Disqualified > Converted, 90% with an e-mail,
 * 85% with a phone, 40% with a business, 30% tagged, owners spread over the organization's users.
 */
async function insertLeads(db: Database, orgId: string, count: number) {
  await db.execute(sql`
    with p as (${pools}),
    o as (
      select
        (select array_agg(id order by created_at, id) from users where organization_id = ${orgId}) as owners,
        (select array_agg(name order by order_index) from lead_sources where organization_id = ${orgId}) as sources
    )
    insert into leads (
      organization_id, full_name, email, phone, phone_type, business_name, industry, location,
      lead_source, lead_status, interest_level, assigned_owner, notes, tags, last_contact_date,
      conversion_date, created_at, updated_at
    )
    select
      ${orgId},
      v.first_name || ' ' || v.last_name,
      case when h.c % 10 < 9 then
        lower(v.first_name) || '.' || lower(v.last_name) || (h.d % 1000)::text || '@' || p.domains[1 + h.e % cardinality(p.domains)]
      end,
      case when h.c % 20 < 17 then
        format('(%s) %s-%s', 201 + h.d % 790, lpad((h.a % 1000)::text, 3, '0'), lpad((h.b % 10000)::text, 4, '0'))
      end,
      case when h.c % 20 < 17 then p.phone_types[1 + h.e % cardinality(p.phone_types)] end,
      case when h.d % 10 < 4 then
        p.biz_words[1 + h.b % cardinality(p.biz_words)] || ' ' || p.biz_suffixes[1 + h.c % cardinality(p.biz_suffixes)]
      end,
      case when h.d % 10 < 4 then p.industries[1 + h.e % cardinality(p.industries)] end,
      p.locations[1 + h.a % cardinality(p.locations)],
      o.sources[1 + h.b % cardinality(o.sources)],
      v.status,
      case when h.e % 10 >= 3 then p.interest_levels[1 + h.a % 3] end,
      case when h.b % 20 = 0 then null else o.owners[1 + h.c % cardinality(o.owners)] end,
      case when h.a % 5 = 0 then 'Left a voicemail; call back after ' || (1 + h.b % 12) || ' pm' end,
      case
        when h.e % 10 < 2 then array[p.tag_names[1 + h.a % cardinality(p.tag_names)]]
        when h.e % 10 = 2 then array[p.tag_names[1 + h.a % cardinality(p.tag_names)], p.tag_names[1 + (h.a / 8 + 1) % cardinality(p.tag_names)]]
        else '{}'::text[]
      end,
      case when v.status <> 'New' then t.created_at + (h.d % 60) * interval '1 day' end,
      case when v.status = 'Converted' then t.created_at + (h.d % 90) * interval '1 day' end,
      t.created_at,
      t.created_at + case when h.a % 10 < 3 then (h.b % 2592000) * interval '1 second' else interval '0' end
    from generate_series(1, ${count}) as g(i)
    cross join p
    cross join o
    cross join lateral (${hashes}) as h
    cross join lateral (
      select
        p.firsts[1 + h.a % cardinality(p.firsts)] as first_name,
        p.lasts[1 + h.b % cardinality(p.lasts)] as last_name,
        case
          when h.c % 100 < 40 then 'New'
          when h.c % 100 < 65 then 'Contacted'
          when h.c % 100 < 80 then 'Qualified'
          when h.c % 100 < 92 then 'Disqualified'
          else 'Converted'
        end as status
    ) as v
    cross join lateral (
      select now() - interval '730 days' * (1 - g.i::float8 / ${count}) - (h.e % 60000000) * interval '1 microsecond' as created_at
    ) as t`);
}

/** `count` deals over the organization's default pipeline stages, values up to $250,000. */
export async function insertDeals(db: Database, orgId: string, count: number) {
  await db.execute(sql`
    with p as (${pools}),
    o as (
      select
        (select array_agg(id order by created_at, id) from users where organization_id = ${orgId}) as owners,
        (select array_agg(s.name order by s.order_index) from stages s
          join pipelines pl on pl.id = s.pipeline_id and pl.is_default
          where s.organization_id = ${orgId}) as stage_names,
        (select array_agg(name order by order_index) from lead_sources where organization_id = ${orgId}) as sources,
        array['Surplus claim','Excess proceeds','Probate claim','Tax deed overage'] as deal_types
    )
    insert into deals (
      organization_id, deal_name, deal_type, lead_source, deal_value, close_probability, stage,
      expected_close_date, assigned_owner, tags, created_at, updated_at
    )
    select
      ${orgId},
      p.lasts[1 + h.b % cardinality(p.lasts)] || ' ' || o.deal_types[1 + h.a % cardinality(o.deal_types)] || ' #' || g.i,
      o.deal_types[1 + h.a % cardinality(o.deal_types)],
      o.sources[1 + h.b % cardinality(o.sources)],
      round((h.c % 25000000) / 100.0, 2),
      (h.d % 101)::int,
      o.stage_names[1 + h.e % cardinality(o.stage_names)],
      (t.created_at + (30 + h.d % 180) * interval '1 day')::date,
      o.owners[1 + h.c % cardinality(o.owners)],
      case when h.e % 10 < 2 then array[p.tag_names[1 + h.a % cardinality(p.tag_names)]] else '{}'::text[] end,
      t.created_at,
      t.created_at + (h.b % 2592000) * interval '1 second'
    from generate_series(1, ${count}) as g(i)
    cross join p
    cross join o
    cross join lateral (${hashes}) as h
    cross join lateral (
      select now() - interval '730 days' * (1 - g.i::float8 / ${count}) - (h.e % 60000000) * interval '1 microsecond' as created_at
    ) as t`);
}
