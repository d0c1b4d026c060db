/** The public privacy policy and terms of service (markdown). */

export const legalLastUpdated = 'June 2, 2025';

export const privacyPolicy = `Locus provides a customer relationship management (CRM) service for surplus funds locators, real estate and tax deed investors, wholesalers and other small businesses. This policy explains what personal information we collect, how we use and protect it, and the choices you have. It applies to our website, the Locus application and our support channels (together, the "Service").

## 1. Two kinds of data, two roles

- **Account and website data.** Information about the people who visit our website, request a demo or use Locus: names, e-mail addresses, sign-in details and how the Service is used. For this data, Locus decides how it is used and is responsible for it (the "controller").
- **Customer data.** The records our customers store in Locus: leads, clients, companies, deals, activities, documents and signatures, which often contain personal information about property owners, claimants and heirs. For this data, our customer is the controller and Locus processes it only on the customer's instructions, to provide the Service (as a "processor" or "service provider").

If your information is stored in Locus by one of our customers, for example because a locator contacted you about a claim, please contact that business first. We will help them answer your request.

## 2. Information we collect

**Information you give us**
- Account details: name, e-mail address, organization name, industry, phone number and password (stored only as a one-way hash).
- Profile and settings: time zone, language, currency, colour scheme, logo and notification choices.
- Forms: demo requests, early-access signups, support requests (including any screenshot you attach) and feedback.
- Billing details, handled by our payment processor; we do not store full card numbers.

**Information collected automatically**
- Usage and device information: pages and features used, browser type, operating system, IP address, and the date and time of requests.
- Security logs: sign-in attempts, permission changes and other events we record to protect accounts.
- Cookies and similar technologies (see section 8).

**Customer data** that our customers and their users enter, import or upload into the Service.

## 3. How we use information

- To provide, maintain and secure the Service, including signing you in, keeping your data separate from other organizations and preventing abuse.
- To answer support requests, demo requests and other messages.
- To send service messages such as security notices, release notes and changes to these terms. You cannot opt out of essential service messages while you have an account.
- With your consent where the law requires it, to send product news and to use analytics and marketing cookies.
- To understand how the Service is used and improve it, using aggregated or de-identified information where possible.
- To comply with the law and enforce our terms.

We do not sell personal information, and we do not use customer data to advertise to anyone or to train models for other customers.

## 4. Legal bases (where applicable)

Where data protection laws such as the GDPR apply, we rely on: performance of our contract with you (providing the Service), our legitimate interests (securing and improving the Service, answering enquiries), your consent (optional cookies, marketing e-mail), and legal obligations.

## 5. How we share information

- **Service providers** that host our infrastructure, send e-mail, process payments or help us provide support, under contracts that limit their use of the data to providing services to us.
- **Within your organization**: information you enter is visible to other users of your organization according to the roles and permissions your administrators set.
- **Integrations you enable**: when an administrator connects another service, we send it the data the integration needs.
- **Legal reasons**: when required by law, or to protect the rights, property or safety of Locus, our customers or others.
- **Business transfers**: if Locus is involved in a merger or acquisition, subject to this policy.

## 6. Security

We protect data with encryption in transit (TLS), passwords stored with a modern one-way hash (Argon2), strict separation of each organization's data, role-based permissions, audit trails for signing events and restricted, logged staff access. No system is perfectly secure; if we learn of a breach that affects your information, we will notify you and, where required, the authorities.

## 7. Retention

We keep account data for as long as the account is active. Customer data is kept for as long as the customer keeps it in the Service; after an account is closed, customers can export their data for 30 days, after which we delete it from active systems within 90 days and from backups on their normal rotation. We keep some records longer when the law requires it, for example billing records and signed-document audit trails.

## 8. Cookies

We use four kinds of cookies and similar storage:
- **Essential**: keep you signed in, protect forms against forgery and remember your cookie choice. These are always on.
- **Analytics**: tell us which features are used so we can improve them.
- **Functional**: remember preferences such as dismissed tips.
- **Marketing**: measure how visitors find Locus.

Optional cookies are used only with your consent. You can change your choice at any time with the "Cookie settings" link in the site footer.

## 9. Your rights

Depending on where you live, you may have the right to access, correct, delete or export your personal information, to object to or restrict certain processing, and to withdraw consent at any time. Residents of California and other U.S. states with privacy laws may request to know what we collect and to delete it; we do not sell or "share" personal information for cross-context behavioural advertising. We will not treat you differently for exercising your rights.

To make a request, use our contact page. We may need to verify your identity before we act on it. You may also complain to your local data protection authority.

## 10. International transfers

We host the Service in the United States. Where we transfer personal information from other countries, we use appropriate safeguards such as standard contractual clauses.

## 11. Children

The Service is for businesses and is not directed at children under 16. We do not knowingly collect their personal information.

## 12. Changes to this policy

We will post any changes on this page and update the date above. If a change is significant, we will tell account administrators by e-mail or in the application before it takes effect.

## 13. Contact us

Questions about this policy or your information? Reach our privacy team through the contact page, or, if you are a Locus user, through Help > Support in the application.`;

export const termsOfService = `These terms govern your use of Locus, the customer relationship management service provided by Locus (the "Service"). By creating an account or using the Service, you agree to them on behalf of yourself and the organization you represent ("you" or the "Customer"). If you do not agree, do not use the Service.

## 1. Accounts

- You must give accurate information when you register and keep it up to date.
- The person who creates an organization becomes its owner and administrator and is responsible for the users they invite, their roles and their permissions.
- Keep passwords confidential. You are responsible for activity under your accounts; tell us promptly if you suspect unauthorized access.
- You must be at least 18 and able to enter into a binding contract.

## 2. Your data

- **You own your data.** Everything your organization enters, imports or uploads ("Customer Data") remains yours.
- You give us permission to host, copy, process and display Customer Data only as needed to provide, secure and support the Service, and as described in our privacy policy.
- You are responsible for having the right to collect and store the personal information in your Customer Data, including information about property owners, claimants and heirs, and for giving any notices and obtaining any consents the law requires.
- You can export your data at any time while your account is active, and for 30 days after it ends.

## 3. Your responsibilities

Locus is a tool. How you run your business with it is up to you, and so is compliance with the laws that apply to it, including:
- state and local rules on surplus funds recovery, finder and locator fees, licensing or registration, assignments and waiting periods;
- rules on telephone, text and e-mail outreach, such as the Telephone Consumer Protection Act, do-not-call rules and CAN-SPAM;
- privacy, data protection and consumer protection laws;
- the rules of the courts and agencies you file claims with, including whether they accept electronic signatures.

## 4. Acceptable use

You may not use the Service to:
- break the law, infringe anyone's rights or mislead or harass the people you contact;
- send spam or unsolicited bulk messages;
- upload malware, or probe, scan or test the Service's security without our written permission;
- access another organization's data, or get around usage limits or permissions;
- resell the Service or use it to build a competing product.

We may suspend access that puts the Service, other customers or the public at risk. Where we can, we will tell you first and give you a chance to fix the problem.

## 5. Documents and electronic signatures

The Service lets you prepare documents from templates and collect electronic signatures with an audit trail. You are responsible for the content of your documents and templates, and for deciding whether an electronic signature is appropriate and accepted for a given agreement, court or agency.

## 6. Help content is not legal advice

Guides, FAQ answers, blog articles, templates and figures in the Service (such as typical fees, claim durations or investment ratios) are general information. They are not legal, tax or financial advice and may not reflect the current law where you work. Consult a qualified professional before relying on them.

## 7. Fees

Paid plans are billed in advance for each billing period and are non-refundable except where the law requires otherwise. We may change prices for future periods with at least 30 days' notice. Taxes are your responsibility, except taxes on our income.

## 8. Availability and changes

We work to keep the Service available and to announce planned maintenance in advance, but we do not guarantee uninterrupted access. We improve the Service continuously and publish release notes for notable changes. If we remove a major feature you pay for, we will tell you in advance.

## 9. Third-party services

If you connect integrations or other third-party services, your use of them is governed by their terms. We are not responsible for those services or for data once it leaves Locus at your request.

## 10. Feedback

If you send us ideas or feedback, we may use them without obligation to you.

## 11. Confidentiality

Each party will protect the other's non-public information with reasonable care and use it only to perform under these terms, except where disclosure is required by law.

## 12. Term and termination

These terms apply while you use the Service. You can close your account at any time. We may end these terms if you materially breach them and do not fix the breach within 30 days of notice, or immediately where the law requires it. After termination, you may export your data for 30 days, after which we delete it as described in our privacy policy.

## 13. Disclaimers

Except as expressly stated in these terms, the Service is provided "as is" and "as available", without warranties of any kind, including warranties of merchantability, fitness for a particular purpose and non-infringement, to the extent the law allows.

## 14. Limitation of liability

To the extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits or revenue, and each party's total liability under these terms is limited to the amounts paid or payable by you for the Service in the 12 months before the event giving rise to the claim. These limits do not apply to your payment obligations, to breaches of section 4, or to liability that cannot be limited by law.

## 15. Indemnity

You will defend and indemnify Locus against third-party claims arising from your Customer Data, your outreach to third parties or your use of the Service in breach of these terms or the law.

## 16. General

- These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict-of-laws rules.
- If a provision is found unenforceable, the rest remain in effect.
- You may not assign these terms without our consent, except to a successor of your business. We may assign them to a successor of ours.
- We may update these terms. We will post changes on this page and, for material changes, notify administrators at least 30 days before they take effect. Continued use after that date means you accept the new terms.

## 17. Contact

Questions about these terms? Reach us through the contact page, or through Help > Support in the application.`;
