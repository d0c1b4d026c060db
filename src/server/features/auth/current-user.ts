import type { AuthContext } from '../../plugins/session';

/** The current-user object of product spec §3; never carries the password hash. */
export function presentCurrentUser(auth: AuthContext) {
  const { user, organization } = auth;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isSuperAdmin: auth.isSuperAdmin,
    mustChangePassword: user.mustChangePassword,
    permissions: auth.permissions,
    organizationIndustry: organization.industrySector,
    industrySector: user.industrySector ?? organization.industrySector,
    colorScheme: user.colorScheme,
    showReleaseNotifications: user.showReleaseNotifications,
    lastSeenReleaseVersion: user.lastSeenReleaseVersion,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: organization.name,
    isOwner: user.isOwner,
    teamId: user.teamId,
    status: user.status,
    phoneNumber: user.phoneNumber,
    phoneNumberFormat: user.phoneNumberFormat,
    timezone: user.timezone,
    dateNumberFormat: user.dateNumberFormat,
    language: user.language,
    defaultCurrency: user.defaultCurrency,
    kanbanTheme: user.kanbanTheme,
    // During a super admin's support-access visit (issue 20): the banner's facts.
    supportAccess: auth.supportAccess
      ? {
          id: auth.supportAccess.id,
          superAdmin: auth.supportAccess.superAdmin,
          expiresAt: auth.supportAccess.expiresAt.toISOString(),
        }
      : null,
  };
}

export type CurrentUser = ReturnType<typeof presentCurrentUser>;
