import { SupportForm } from '../../support/components/support-form';
import { OwnServiceRequests } from './own-service-requests';
import { ServiceRequestForm } from './service-request-form';

/**
 * The help panel's Support tab for an organization admin: a service request to the platform team
 * and the organization's requests with their status, then the bug report / idea form everyone has.
 */
export function ServiceRequestsSupportTab() {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="service-request-heading">
        <div className="mb-4">
          <h3 id="service-request-heading" className="text-sm font-semibold text-foreground">
            Request help from the Locus team
          </h3>
          <p className="mt-1 text-sm leading-6 text-muted-foreground">
            As an administrator you can file a service request for your organization and follow it here. You
            are e-mailed when its status changes.
          </p>
        </div>
        <ServiceRequestForm />
      </section>
      <section aria-labelledby="own-service-requests-heading">
        <h3 id="own-service-requests-heading" className="mb-3 text-sm font-semibold text-foreground">
          Your organization’s requests
        </h3>
        <OwnServiceRequests />
      </section>
      <section aria-labelledby="bug-report-heading" className="border-t border-border pt-5">
        <div className="mb-4">
          <h3 id="bug-report-heading" className="text-sm font-semibold text-foreground">
            Report a bug or suggest an improvement
          </h3>
          <p className="mt-1 text-sm leading-6 text-muted-foreground">
            We usually answer within one business day.
          </p>
        </div>
        <SupportForm />
      </section>
    </div>
  );
}
