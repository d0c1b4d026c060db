import { SoakClient } from './client';
import { cities, firstNames, lastNames, type Random } from './random';

export interface SeedSize {
  leads: number;
  clients: number;
  deals: number;
  companies: number;
}

/** What a working organization has after some months: enough rows for lists to page and search. */
export const defaultSeedSize: SeedSize = { leads: 3000, clients: 800, deals: 400, companies: 150 };

export interface Tenant {
  owner: SoakClient;
  members: SoakClient[];
  /** A read-only API key's client: an integration polling the lists. */
  integration: SoakClient;
  /** Sign-in details of the members, for the day's occasional fresh sign-in. */
  memberLogins: { email: string; password: string }[];
}

/**
 * Registers an organization through the API as a user does (sample data seeded at sign-up is
 * kept), adds two members who sign in and set their own password, creates a read API key, and
 * loads a working tenant's rows through the import API (the path a CSV import takes).
 */
export async function setUpTenant(baseUrl: string, random: Random, size: SeedSize): Promise<Tenant> {
  const owner = new SoakClient(baseUrl);
  const unique = Date.now().toString(36);
  await owner.must('POST', '/api/auth/register', {
    organizationName: `Soak Recovery ${unique}`,
    industrySector: 'Surplus Funds Locator',
    firstName: 'Sophie',
    lastName: 'Soak',
    email: `owner-${unique}@soak.example.com`,
    password: 'soak-owner-password-1',
  });

  const members: SoakClient[] = [];
  const memberLogins: Tenant['memberLogins'] = [];
  for (const [index, role] of (['manager', 'user'] as const).entries()) {
    const email = `member-${index}-${unique}@soak.example.com`;
    await owner.must('POST', '/api/users', {
      email,
      firstName: firstNames[index],
      lastName: lastNames[index],
      role,
      status: 'active',
      password: 'temporary-1',
    });
    const member = new SoakClient(baseUrl);
    await member.must('POST', '/api/auth/login', { email, password: 'temporary-1' });
    await member.must('POST', '/api/auth/change-password', {
      currentPassword: 'temporary-1',
      newPassword: 'member-password-1',
    });
    members.push(member);
    memberLogins.push({ email, password: 'member-password-1' });
  }

  const { key } = await owner.must<{ key: string }>('POST', '/api/api-keys', {
    name: 'Soak integration',
    permissions: ['read'],
  });
  const integration = new SoakClient(baseUrl, key);

  const person = (i: number) => {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      phone: `(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
    };
  };
  const leads = Array.from({ length: size.leads }, (_, i) => {
    const p = person(i);
    return {
      fullName: p.name,
      email: p.email,
      phone: p.phone,
      location: random.pick(cities),
      leadStatus: random.pick(['New', 'Contacted', 'Qualified']),
      interestLevel: random.pick(['Cold', 'Warm', 'Hot']),
      notes: `Surplus from the ${random.pick(cities)} tax deed sale, case ${2024_0000 + i}.`,
    };
  });
  const clients = Array.from({ length: size.clients }, (_, i) => {
    const p = person(100_000 + i);
    const [city, state] = random.pick(cities).split(', ');
    return { displayName: p.name, email: p.email, phone: p.phone, city, state };
  });
  const companies = Array.from({ length: size.companies }, (_, i) => ({
    companyName: `${random.pick(lastNames)} Holdings ${i}`,
    industry: random.pick(['Real Estate', 'Legal', 'Title', 'Investment']),
  }));

  const pipelines = await owner.must<{ items: { isDefault: boolean; stages: { name: string }[] }[] }>(
    'GET',
    '/api/pipelines',
  );
  const stages = (pipelines.items.find((p) => p.isDefault) ?? pipelines.items[0]).stages.map((s) => s.name);
  const deals = Array.from({ length: size.deals }, (_, i) => ({
    dealName: `${random.pick(lastNames)} — ${100 + i} Main St`,
    stage: random.pick(stages.slice(0, 4)),
    dealValue: 5000 + random.int(40_000),
  }));

  for (const [entityType, rows] of [
    ['leads', leads],
    ['clients', clients],
    ['companies', companies],
    ['deals', deals],
  ] as const) {
    await importRows(owner, entityType, rows);
  }
  return { owner, members, integration, memberLogins };
}

async function importRows(owner: SoakClient, entityType: string, rows: Record<string, unknown>[]) {
  const job = await owner.must<{ id: string }>('POST', '/api/import-jobs', {
    name: `Soak ${entityType}`,
    entityType,
    sourceType: 'api',
    rows,
    options: { duplicates: 'create', matchBy: 'email' },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const state = await owner.must<{ status: string; successfulRecords: number; failedRecords: number }>(
      'GET',
      `/api/import-jobs/${job.id}`,
    );
    if (state.status === 'completed') {
      if (state.failedRecords > 0)
        throw new Error(`${state.failedRecords} ${entityType} rows failed to import`);
      return;
    }
    if (state.status === 'failed' || state.status === 'cancelled')
      throw new Error(`the ${entityType} import ended ${state.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the ${entityType} import did not finish in 180 s`);
}
