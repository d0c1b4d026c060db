import type { IndustrySector } from '../../../common/constants';
import { htmlToText, mergeKeysIn } from '../../../common/merge-fields';
import type { Database } from '../../db';
import { emailTemplates } from '../../db/schema/email';

type Category = (typeof emailTemplates.$inferInsert)['category'];

interface SeedTemplate {
  name: string;
  category: Category;
  subject: string;
  bodyHtml: string;
}

/*
 * Templates a new organization starts with, written for its sector: real letters a locator
 * sends every week, with merge fields so they read personal. Editable like any other template.
 */

const surplusTemplates: SeedTemplate[] = [
  {
    name: 'First contact with a claimant',
    category: 'onboarding',
    subject: 'Funds from the sale of {{lead.propertyAddress}} may belong to you',
    bodyHtml: `<p>Dear {{lead.firstName}},</p>
<p>My name is {{user.fullName}} and I work with {{organization.name}}. Public records show that the property at {{lead.propertyAddress}} in {{lead.county}} County was sold at a public sale (case {{lead.caseNumber}}), and that the sale brought in more than was owed on it.</p>
<p>That excess, called surplus funds, is held by the county or the court for the former owner. If that was you, you may be entitled to claim it. The funds are not paid out automatically, and claim deadlines apply.</p>
<p>We help owners and heirs file their claim and handle the paperwork with the clerk. There is no cost up front: we are only paid if you are.</p>
<p>If you would like to know more, simply reply to this e-mail or call me at {{user.phone}}.</p>
<p>Kind regards,<br>{{user.fullName}}<br>{{organization.name}} · {{organization.phone}}</p>`,
  },
  {
    name: 'Follow-up: no answer yet',
    category: 'follow-up',
    subject: 'Following up: surplus funds for {{lead.propertyAddress}}',
    bodyHtml: `<p>Hello {{lead.firstName}},</p>
<p>I wrote to you recently about surplus funds from the sale of {{lead.propertyAddress}} in {{lead.county}} County. I wanted to make sure my message reached you.</p>
<p>Unclaimed surplus funds can be lost once the claim deadline passes, so it is worth a few minutes to find out whether you are entitled to them. A short call is enough to tell you where things stand.</p>
<p>You can reply to this e-mail or reach me directly at {{user.phone}}.</p>
<p>Best regards,<br>{{user.fullName}}<br>{{organization.name}}</p>`,
  },
  {
    name: 'Documents needed for your claim',
    category: 'business',
    subject: 'Documents we need for your claim ({{deal.caseNumber}})',
    bodyHtml: `<p>Dear {{client.firstName}},</p>
<p>Thank you for choosing {{organization.name}}. To file your claim for the surplus funds from case {{deal.caseNumber}} ({{deal.county}} County), we need the following:</p>
<ul>
<li>A copy of a valid government-issued photo ID</li>
<li>Proof of your current address (a recent utility bill or bank statement)</li>
<li>The signed agreement and claim forms we sent you</li>
<li>If you are claiming as an heir: the death certificate and any will, letters of administration or affidavit of heirship</li>
</ul>
<p>You can reply to this e-mail with photos or scans of the documents. If anything is unclear, call me at {{user.phone}}.</p>
<p>Kind regards,<br>{{user.fullName}}<br>{{organization.name}}</p>`,
  },
  {
    name: 'Claim filed: status update',
    category: 'follow-up',
    subject: 'Your claim has been filed: case {{deal.caseNumber}}',
    bodyHtml: `<p>Dear {{client.firstName}},</p>
<p>Good news: we filed your claim for the surplus funds from case {{deal.caseNumber}} with the {{deal.county}} County clerk on {{date.today}}.</p>
<p>What happens next: the clerk or the court reviews the claim, which can take several weeks. If a hearing is needed we will let you know in advance and tell you whether you need to attend. Once the funds are released, we will send you the details of your payment.</p>
<p>You don't need to do anything right now. We will keep you informed at every step; if you have questions in the meantime, reply to this e-mail or call {{user.phone}}.</p>
<p>Best regards,<br>{{user.fullName}}<br>{{organization.name}}</p>`,
  },
];

const generalTemplates: SeedTemplate[] = [
  {
    name: 'Introduction',
    category: 'sales',
    subject: 'Nice to meet you, {{lead.firstName}}',
    bodyHtml: `<p>Hello {{lead.firstName}},</p>
<p>I'm {{user.fullName}} with {{organization.name}}. I'd love to learn more about what you're looking for and see whether we can help.</p>
<p>Would you have 15 minutes this week for a quick call? You can reply here or reach me at {{user.phone}}.</p>
<p>Best regards,<br>{{user.fullName}}<br>{{organization.name}}</p>`,
  },
  {
    name: 'Follow-up after a call',
    category: 'follow-up',
    subject: 'Thanks for your time, {{lead.firstName}}',
    bodyHtml: `<p>Hello {{lead.firstName}},</p>
<p>Thank you for taking the time to speak with me today. As promised, here is a short summary of the next steps we discussed.</p>
<p>If anything comes up in the meantime, just reply to this e-mail.</p>
<p>Best regards,<br>{{user.fullName}}<br>{{organization.name}}</p>`,
  },
];

export async function seedEmailTemplates(tx: Database, organizationId: string, sector: IndustrySector) {
  const templates = sector === 'Surplus Funds Locator' ? surplusTemplates : generalTemplates;
  await tx.insert(emailTemplates).values(
    templates.map((template) => ({
      organizationId,
      ...template,
      bodyText: htmlToText(template.bodyHtml),
      variables: mergeKeysIn(template.subject, template.bodyHtml),
    })),
  );
}
