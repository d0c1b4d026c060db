import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailField, nameField, passwordField } from '../../../common/validation/common';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { recordAuditEvent } from '../audit/record-audit-event';
import { hashPassword } from '../auth/password';
import { availableSubdomain } from '../auth/register-organization';
import { seedOrganizationDefaults } from '../organizations/seed-organization-defaults';
import { syncTotalUsers } from '../users/user-rules';

export const createSuperAdminUsage = `Usage: npm run create-super-admin -- --email <address> [--password <password>]
                                    [--first-name <name>] [--last-name <name>] [--organization <name>]

Makes a super admin in the database the server uses (DATABASE_URL, or the PGlite folder
DATA_DIR, default ./data). With PGlite, stop the server first (one process at a time).

  An existing account with that e-mail becomes a super admin; nothing else about it changes
  (its password stays).
  A new e-mail gets an account in a new organization (--organization, default "Locus Platform"),
  with --password, or a generated one printed once that must be changed at first sign-in.

  Super admins can also be named without this script: SUPER_ADMIN_EMAILS=a@x.com,b@y.com.`;

export const defaultPlatformOrganizationName = 'Locus Platform';

const superAdminInputSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: passwordField.optional(),
  firstName: nameField('First name must be at least 2 characters').default('Super'),
  lastName: nameField('Last name must be at least 2 characters').default('Admin'),
  organization: nameField('Organization name must be at least 2 characters').default(
    defaultPlatformOrganizationName,
  ),
});

export type CreateSuperAdminInput = z.input<typeof superAdminInputSchema>;

export type CreateSuperAdminArgs =
  | { ok: true; help: true }
  | { ok: true; help: false; input: z.output<typeof superAdminInputSchema> }
  | { ok: false; errors: string[] };

/** Reads and checks the script's arguments; every problem is reported at once. */
export function parseCreateSuperAdminArgs(argv: string[]): CreateSuperAdminArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        organization: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  if (values.help) return { ok: true, help: true };
  if (values.email === undefined) return { ok: false, errors: ['--email is required'] };
  const parsed = superAdminInputSchema.safeParse({
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    organization: values.organization,
  });
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => issue.message) };
  return { ok: true, help: false, input: parsed.data };
}

export interface CreatedSuperAdmin {
  userId: string;
  email: string;
  organizationId: string;
  organizationName: string;
  /** false: an existing account was made super admin. */
  created: boolean;
  /** Whether the account already was one (nothing changed). */
  alreadySuperAdmin: boolean;
  /** Only when a new account got a generated password: shown once, to be changed at first sign-in. */
  generatedPassword: string | null;
}

/**
 * `npm run create-super-admin` (issue 20): the way to make the first super admin of a fresh
 * install. Audit-logged at platform level (no acting user: it ran on the server).
 */
export async function createSuperAdmin(db: Database, raw: CreateSuperAdminInput): Promise<CreatedSuperAdmin> {
  const input = superAdminInputSchema.parse(raw);
  const email = input.email.trim().toLowerCase();
  const generatedPassword = input.password === undefined ? randomBytes(12).toString('base64url') : null;
  const passwordHash = await hashPassword(input.password ?? (generatedPassword as string));
  const subdomain = await availableSubdomain(db, input.organization);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        isSuperAdmin: users.isSuperAdmin,
        organizationId: users.organizationId,
        organizationName: organizations.name,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.email, email))
      .for('update');
    if (existing) {
      const base = {
        userId: existing.id,
        email,
        organizationId: existing.organizationId,
        organizationName: existing.organizationName,
        created: false,
        generatedPassword: null,
      };
      if (existing.isSuperAdmin) return { ...base, alreadySuperAdmin: true };
      await tx.update(users).set({ isSuperAdmin: true }).where(eq(users.id, existing.id));
      await recordAuditEvent(
        tx,
        { orgId: null, actor: null },
        {
          action: 'platform.super_admin_created',
          resource: 'users',
          resourceId: existing.id,
          details: { email, created: false },
        },
      );
      return { ...base, alreadySuperAdmin: false };
    }
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.organization, subdomain })
      .returning({ id: organizations.id, name: organizations.name });
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: organization.id,
        email,
        password: passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        isOwner: true,
        isSuperAdmin: true,
        mustChangePassword: generatedPassword !== null,
      })
      .returning({ id: users.id });
    await seedOrganizationDefaults(tx, organization.id, 'Surplus Funds Locator');
    await syncTotalUsers(tx, organization.id);
    await recordAuditEvent(
      tx,
      { orgId: null, actor: null },
      {
        action: 'platform.super_admin_created',
        resource: 'users',
        resourceId: user.id,
        details: { email, created: true },
      },
    );
    return {
      userId: user.id,
      email,
      organizationId: organization.id,
      organizationName: organization.name,
      created: true,
      alreadySuperAdmin: false,
      generatedPassword,
    };
  });
}
