import type { SoakClient } from './client';
import { cities, firstNames, lastNames, type Random } from './random';
import type { Tenant } from './setup-tenant';

/**
 * Ids the users have seen on their screens, so the next action can open or change one of them,
 * and the integration's API-key client.
 */
interface Seen {
  integration: SoakClient;
  leads: string[];
  clients: string[];
  deals: string[];
  companies: string[];
  files: string[];
  templates: string[];
  pipelineId: string;
  /** Stages a deal may be dragged to without a won/lost reason. */
  openStages: string[];
}

type Action = (user: SoakClient, seen: Seen, random: Random) => Promise<unknown>;

const remember = (list: string[], items: unknown) => {
  if (!Array.isArray(items)) return;
  for (const item of items as { id?: string }[]) if (item.id && !list.includes(item.id)) list.push(item.id);
  // Keep the newest few hundred: the same records come back all day.
  if (list.length > 400) list.splice(0, list.length - 400);
};

const listOf = async (user: SoakClient, path: string, route: string, into: string[]) => {
  const answer = await user.request('GET', path, undefined, { route });
  remember(into, (answer.json as { items?: unknown })?.items);
};

const searchTerm = (random: Random) =>
  random.next() < 0.7
    ? random
        .pick([...firstNames, ...lastNames])
        .slice(0, 3 + random.int(4))
        .toLowerCase()
    : random.pick(['555', 'example.com', 'tampa', 'holdings', 'main st', 'zzq', 'surplus']);

const leadQuery = (random: Random) => {
  const params = new URLSearchParams({ limit: String(random.pick([50, 50, 100])) });
  params.set(
    'sort',
    random.pick(['-createdAt', '-updatedAt', 'fullName', '-fullName', 'leadStatus', 'location']),
  );
  if (random.next() < 0.35) params.set('search', searchTerm(random));
  if (random.next() < 0.3) params.set('leadStatus', random.pick(['New', 'Contacted', 'Qualified']));
  if (random.next() < 0.2) params.set('interestLevel', random.pick(['Cold', 'Warm', 'Hot']));
  return params;
};

const settingsReads = [
  '/api/organization',
  '/api/users',
  '/api/teams',
  '/api/tags',
  '/api/custom-fields',
  '/api/pipelines',
  '/api/lead-sources',
  '/api/deal-reasons',
  '/api/person-statuses',
  '/api/deal-statuses',
  '/api/system-audit-logs',
  '/api/api-keys',
  '/api/integrations',
  '/api/email-templates',
  '/api/document-templates',
  '/api/permissions',
  '/api/saved-views?listKey=leads',
  '/api/preferences/lists/leads',
  '/api/outbox',
  '/api/state-rules',
  '/api/sample-data',
];

/** The day's actions and how often each comes, relative to the others. */
const actions: [name: string, weight: number, run: Action][] = [
  ['list leads', 14, (u, s, r) => listOf(u, `/api/leads?${leadQuery(r)}`, '/api/leads', s.leads)],
  [
    'list clients',
    6,
    (u, s, r) =>
      listOf(
        u,
        `/api/clients?limit=50&sort=${r.pick(['-createdAt', 'displayName', 'city'])}${r.next() < 0.3 ? `&search=${searchTerm(r)}` : ''}`,
        '/api/clients',
        s.clients,
      ),
  ],
  [
    'list deals',
    4,
    (u, s, r) =>
      listOf(
        u,
        `/api/deals?limit=50&sort=${r.pick(['-createdAt', '-dealValue', 'dealName'])}${r.next() < 0.3 ? `&stage=${encodeURIComponent(r.pick(s.openStages))}` : ''}`,
        '/api/deals',
        s.deals,
      ),
  ],
  ['list companies', 2, (u, s) => listOf(u, '/api/companies?limit=50', '/api/companies', s.companies)],
  [
    'open lead',
    8,
    (u, s, r) => u.request('GET', `/api/leads/${r.pick(s.leads)}`, undefined, { route: 'lead' }),
  ],
  [
    'lead timeline',
    5,
    (u, s, r) =>
      u.request('GET', `/api/lead-activities?leadId=${r.pick(s.leads)}`, undefined, { route: 'lead tl' }),
  ],
  [
    'open client',
    4,
    (u, s, r) => u.request('GET', `/api/clients/${r.pick(s.clients)}`, undefined, { route: 'client' }),
  ],
  [
    'client timeline',
    3,
    (u, s, r) =>
      u.request('GET', `/api/activities?clientId=${r.pick(s.clients)}`, undefined, { route: 'client tl' }),
  ],
  [
    'open deal',
    3,
    (u, s, r) => u.request('GET', `/api/deals/${r.pick(s.deals)}`, undefined, { route: 'deal' }),
  ],
  [
    'deal surplus',
    1,
    (u, s, r) => u.request('GET', `/api/deals/${r.pick(s.deals)}/surplus`, undefined, { route: 'surplus' }),
  ],
  [
    'create lead',
    3,
    async (u, s, r) => {
      const first = r.pick(firstNames);
      const last = r.pick(lastNames);
      const answer = await u.request('POST', '/api/leads', {
        fullName: `${first} ${last}`,
        email: `${first}.${last}.${r.int(1e9)}@example.com`.toLowerCase(),
        phone: `(555) 010-${String(r.int(10_000)).padStart(4, '0')}`,
        location: r.pick(cities),
        notes: 'Called from the county surplus list.',
      });
      remember(s.leads, [answer.json]);
    },
  ],
  [
    'update lead',
    4,
    (u, s, r) =>
      u.request(
        'PATCH',
        `/api/leads/${r.pick(s.leads)}`,
        {
          leadStatus: r.pick(['New', 'Contacted', 'Qualified']),
          interestLevel: r.pick(['Cold', 'Warm', 'Hot']),
          notes: `Left a voicemail (${r.int(1000)}).`,
        },
        { route: 'lead' },
      ),
  ],
  [
    'log lead call',
    3,
    (u, s, r) =>
      u.request('POST', '/api/lead-activities', {
        type: r.pick(['call', 'note', 'email', 'task']),
        subject: 'Follow-up call',
        description: 'Discussed the claim and the fee agreement.',
        leadId: r.pick(s.leads),
      }),
  ],
  [
    'log client note',
    2,
    (u, s, r) =>
      u.request('POST', '/api/activities', {
        type: r.pick(['note', 'meeting', 'call']),
        subject: 'Claim packet review',
        description: 'Went through the county packet together.',
        clientId: r.pick(s.clients),
      }),
  ],
  [
    'board',
    4,
    async (u, s) => {
      const answer = await u.request('GET', `/api/pipelines/${s.pipelineId}/board?perColumn=20`, undefined, {
        route: 'board',
      });
      for (const column of (answer.json as { columns?: { items: unknown }[] })?.columns ?? [])
        remember(s.deals, column.items);
    },
  ],
  [
    'board column',
    1,
    (u, s, r) =>
      u.request(
        'GET',
        `/api/pipelines/${s.pipelineId}/board/${encodeURIComponent(r.pick(s.openStages))}?limit=20`,
        undefined,
        { route: 'board column' },
      ),
  ],
  [
    'move deal',
    3,
    (u, s, r) =>
      u.request(
        'POST',
        `/api/deals/${r.pick(s.deals)}/move`,
        { stage: r.pick(s.openStages) },
        { route: 'move' },
      ),
  ],
  [
    'dashboard',
    4,
    (u, _s, r) =>
      u.request(
        'GET',
        r.pick(['/api/dashboard/summary', '/api/dashboard/trends', '/api/dashboard/claim-deadlines?days=30']),
      ),
  ],
  ['palette search', 8, (u, _s, r) => u.request('GET', `/api/search?q=${encodeURIComponent(searchTerm(r))}`)],
  ['settings', 6, (u, _s, r) => u.request('GET', r.pick(settingsReads))],
  ['current user', 4, (u) => u.request('GET', '/api/user')],
  [
    'integration poll',
    4,
    (_u, s, r) => listOf(s.integration, `/api/leads?${leadQuery(r)}`, '/api/leads (API key)', s.leads),
  ],
  ['notifications', 2, (u) => u.request('GET', '/api/system-updates')],
  ['my tasks', 2, (u) => u.request('GET', '/api/tasks/mine')],
  [
    'export csv',
    0.3,
    (u, _s, r) => u.request('GET', `/api/${r.pick(['leads', 'clients', 'deals'])}/export.csv`),
  ],
  [
    'upload file',
    0.6,
    async (u, s, r) => {
      const bytes = new Uint8Array(20_000 + r.int(180_000)).map(() => r.int(256));
      const answer = await u.request(
        'POST',
        '/api/files?name=claim-form.pdf&type=application/pdf',
        undefined,
        {
          raw: bytes,
        },
      );
      const file = answer.json as { url?: string; name?: string; size?: number };
      if (!file?.url) return;
      s.files.push(file.url);
      // The composer attaches it to the activity it is saving.
      await u.request('POST', '/api/lead-activities', {
        type: 'note',
        subject: 'Signed claim form',
        leadId: r.pick(s.leads),
        attachments: [{ name: file.name, url: file.url, size: file.size }],
      });
    },
  ],
  [
    'download file',
    0.6,
    (u, s, r) =>
      s.files.length ? u.request('GET', r.pick(s.files), undefined, { route: 'file' }) : Promise.resolve(),
  ],
  [
    'template preview',
    0.4,
    (u, s, r) =>
      u.request(
        'POST',
        `/api/document-templates/${r.pick(s.templates)}/preview`,
        { clientId: r.pick(s.clients) },
        { route: 'preview' },
      ),
  ],
  [
    'template pdf',
    0.1,
    (u, s, r) =>
      u.request('GET', `/api/document-templates/${r.pick(s.templates)}/pdf`, undefined, { route: 'pdf' }),
  ],
];

const totalWeight = actions.reduce((sum, [, weight]) => sum + weight, 0);

function pickAction(random: Random): Action {
  let at = random.next() * totalWeight;
  for (const [, weight, run] of actions) {
    at -= weight;
    if (at < 0) return run;
  }
  return actions[0][2];
}

/** Lists the ids the day starts from, as opening the app's screens would. */
export async function firstLook({ owner, integration }: Tenant): Promise<Seen> {
  const seen: Seen = {
    integration,
    leads: [],
    clients: [],
    deals: [],
    companies: [],
    files: [],
    templates: [],
    pipelineId: '',
    openStages: [],
  };
  remember(seen.leads, (await owner.must<{ items: unknown }>('GET', '/api/leads?limit=200')).items);
  remember(seen.clients, (await owner.must<{ items: unknown }>('GET', '/api/clients?limit=200')).items);
  remember(seen.deals, (await owner.must<{ items: unknown }>('GET', '/api/deals?limit=200')).items);
  remember(seen.templates, (await owner.must<{ items: unknown }>('GET', '/api/document-templates')).items);
  const board = await owner.must<{
    pipeline: { id: string };
    columns: { stage: { name: string; closingType: string | null } }[];
  }>('GET', `/api/pipelines/${await defaultPipelineId(owner)}/board?perColumn=1`);
  seen.pipelineId = board.pipeline.id;
  seen.openStages = board.columns.filter((c) => c.stage.closingType === null).map((c) => c.stage.name);
  return seen;
}

async function defaultPipelineId(owner: SoakClient) {
  const { items } = await owner.must<{ items: { id: string; isDefault: boolean }[] }>(
    'GET',
    '/api/pipelines',
  );
  return (items.find((p) => p.isDefault) ?? items[0]).id;
}

/**
 * Sends `count` requests of a working day: the owner and two members, each one action after
 * another (so up to three requests at once), until the total is reached. `onRequest` runs after
 * every action with the running total.
 */
export async function runDay(
  tenant: Tenant,
  seen: Seen,
  random: Random,
  count: number,
  sentBefore: () => number,
  onRequest: (sent: number) => void,
) {
  const start = sentBefore();
  const users = [tenant.owner, ...tenant.members];
  const done = () => sentBefore() - start >= count;
  const people = users.map(async (user, index) => {
    while (!done()) {
      // Now and then a member signs in afresh (a new session, as after a browser restart).
      if (index > 0 && random.next() < 0.002) {
        await user.request('POST', '/api/auth/login', tenant.memberLogins[index - 1]);
      } else {
        await pickAction(random)(user, seen, random);
      }
      onRequest(sentBefore() - start);
    }
  });
  await Promise.all(people);
}
