import { count, eq, like } from 'drizzle-orm';
import type { RegisterInput } from '../../../common/validation/auth';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { AppError, conflict } from '../../lib/app-error';
import { seedOrganizationDefaults } from '../organizations/seed-organization-defaults';
import { getSystemConfig } from '../system-config/get-system-config';
import { seedSampleData } from '../sample-data/seed-sample-data';
import { notifySuperAdmins } from '../system-config/notify-super-admins';
import { hashPassword } from './password';

export const registrationsClosedMessage = 'Registrations are currently closed';
export const organizationLimitMessage = 'The platform has reached its maximum number of organizations';
export const emailTakenMessage = 'An account with this email already exists';

/**
 * Creates an organization and its owner (role admin) in one transaction, with the sector's
 * defaults and a sample set the owner can clear from Settings.
 */
export async function registerOrganization(db: Database, input: RegisterInput) {
  const config = await getSystemConfig(db);
  if (!config.allowRegistrations || config.maintenanceMode)
    throw new AppError(403, registrationsClosedMessage);
  const [{ organizationCount }] = await db.select({ organizationCount: count() }).from(organizations);
  if (organizationCount >= config.maxOrganizations) throw new AppError(403, organizationLimitMessage);

  const email = input.email.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict(emailTakenMessage);

  const passwordHash = await hashPassword(input.password);
  const subdomain = await availableSubdomain(db, input.organizationName);
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.organizationName.trim(),
        industrySector: input.industrySector,
        subdomain,
        totalUsers: 1,
      })
      .returning();
    const [owner] = await tx
      .insert(users)
      .values({
        organizationId: organization.id,
        email,
        password: passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        role: 'admin',
        isOwner: true,
        industrySector: input.industrySector,
      })
      .returning({ id: users.id, organizationId: users.organizationId });
    await seedOrganizationDefaults(tx, organization.id, input.industrySector);
    await seedSampleData(tx, organization.id, owner.id, input.industrySector);
    await notifySuperAdmins(tx, {
      subject: `New organization: ${organization.name}`,
      text: [
        `${organization.name} has just registered on Locus.`,
        '',
        `Owner: ${input.firstName.trim()} ${input.lastName.trim()} <${email}>`,
        `Industry: ${input.industrySector ?? '—'}`,
        `Plan: ${organization.planType}`,
      ].join('\n'),
    });
    return owner;
  });
}

/** A subdomain derived from the name: lowercase words joined by dashes, numbered when taken. */
export async function availableSubdomain(db: Database, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ subdomain: organizations.subdomain })
    .from(organizations)
    .where(like(organizations.subdomain, `${base}%`));
  const taken = new Set(rows.map((r) => r.subdomain));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug.length >= 2 ? slug : `org-${slug || 'x'}`;
}
