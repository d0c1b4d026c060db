/**
 * Help guides for surplus funds locators. Advice text, not legal fact: fee caps, claim windows and
 * locator rules differ by state and change, and each guide says so.
 */
import type { Guide } from './types';

const emailSetup: Guide = {
  id: 'email-setup-for-client-outreach',
  title: 'Setting up e-mail for client outreach',
  category: 'System Setup',
  description:
    'Connect your business mailbox in Settings > Email Configuration, authenticate your domain with SPF, DKIM and DMARC, and confirm delivery with Send Test Email before you contact a single claimant.',
  readTimeMinutes: 8,
  content: `# Setting up e-mail for client outreach

Locus sends your follow-up e-mails, signing requests and reminders from your own address. Claimants are cautious about messages that say "you may be owed money", so a message that arrives in the inbox, from a real business address, signed by a real person, matters more for a locator than for almost anyone else. Set this up once, test it, and you are done.

## Before you start

- **A mailbox on your own domain**, such as cases@yourcompany.com. Outreach sent from a free webmail address looks less trustworthy and is more likely to be filtered.
- **Access to your domain's DNS settings** (at your registrar or web host), to add the SPF, DKIM and DMARC records below.
- **Your provider's outgoing (SMTP) details**: server name, port, user name and password or app password.

## Step 1: open Settings > Email Configuration

Go to **Settings > Email Configuration**. Only users with permission to manage settings can change it; ask your administrator if the page is read-only for you.

## Step 2: your sender identity

- **From name**: a person and the business, e.g. "Maria Lopez, Lopez Recovery". People open mail from people.
- **From address**: the mailbox you send from. It must be an address your provider lets you send as.
- **Reply-to address**: where answers should land. Use a mailbox someone reads every day; a shared cases@ box works well for a team.
- **Signature**: full name, business name, phone number and postal address. A claimant who wants to check you out should find the same details on your website and letters.

## Step 3: the outgoing server

Enter the server details from your provider:

- **Port 587** with STARTTLS is the usual choice; **465** uses TLS from the start. Avoid port 25.
- **User name** is usually the full e-mail address.
- **Google Workspace or Gmail**: server smtp.gmail.com. With 2-Step Verification turned on, create an **app password** and use it instead of your normal password.
- **Microsoft 365**: server smtp.office365.com, port 587. Your administrator may need to allow authenticated SMTP for the mailbox. Microsoft is phasing out password sign-in for SMTP, so check their current instructions, or connect the mailbox from Integrations instead.

## Step 4: authenticate your domain (SPF, DKIM, DMARC)

Receiving servers check three DNS records to decide whether a message really comes from you. Missing records are the most common reason outreach lands in spam.

1. **SPF**: one TXT record on your domain listing the services allowed to send for it, e.g. v=spf1 include:_spf.google.com ~all. A domain may have only one SPF record, so merge the include entries of every service you use into it.
2. **DKIM**: your provider gives you a record (TXT or CNAME) under a selector name; add it to DNS, then switch DKIM signing on in the provider's admin console.
3. **DMARC**: a TXT record at _dmarc.yourdomain.com. Start with v=DMARC1; p=none; rua=mailto:you@yourdomain.com to receive reports, and tighten the policy to quarantine once SPF and DKIM pass.

DNS changes usually take effect within an hour, but can take up to 48 hours.

## Step 5: Send Test Email

Click **Send Test Email**. Locus sends a message through your settings to your own address.

- Check the inbox **and** the spam folder.
- Open the message's original or headers view ("Show original" in Gmail) and look for **SPF: PASS**, **DKIM: PASS** and **DMARC: PASS**.
- Reply to it and make sure the reply goes to your reply-to address.

## If the test fails

- **Authentication failed**: wrong password, or an app password is required.
- **Connection timed out**: wrong server name or port, or the port is blocked; try 587.
- **Sender address rejected**: the From address is not a mailbox or alias you may send as.
- **Delivered to spam**: SPF, DKIM or DMARC is missing or failing, or the From domain does not match the domain that signs the message.

## Good sending habits for outreach

- **Start small.** A new domain or mailbox should send a few dozen messages a day at first and build up over weeks.
- **Write like a person.** Plain text, the claimant's name, the county and case number. Avoid all capitals and phrases like "unclaimed cash".
- **Identify yourself and offer a way out.** Include your business name and postal address, and honour requests to stop promptly. Commercial e-mail rules such as CAN-SPAM apply to most outreach.
- **Check state rules.** Some states restrict when and how locators may contact former owners; confirm the current rules for each state you work in, with an attorney where needed.
`,
};

const firstCase: Guide = {
  id: 'first-surplus-funds-case',
  title: 'Your first surplus funds case: from sale record to signed agreement',
  category: 'Getting Started',
  description:
    'Walk one case through Locus: confirm the surplus, create the deal, identify and reach the claimant, collect documents, sign the recovery agreement and follow the claim until you are paid.',
  readTimeMinutes: 7,
  content: `# Your first surplus funds case: from sale record to signed agreement

A surplus exists when a foreclosure or tax sale brings in more than the debt, interest and costs it was held to pay. The leftover money usually belongs to the former owner, though lienholders may have a claim first. It sits with the court, the county or a trustee until someone claims it. This guide follows one case through Locus. In Locus a case is a **deal**, and it moves through five pipeline stages: **Research, Contact, Documents, Signed, Paid**.

## 1. Confirm there is money (Research)

From the sale record, note:

- the case number and the parcel or tax ID;
- the sale date and the winning bid;
- the judgment or tax amount, plus interest, fees and costs.

Winning bid minus everything owed is your rough surplus. Then **confirm it with the office holding the funds** (clerk of court, treasurer, tax collector or trustee): ask for the balance on deposit and whether any claim has already been filed or paid. Check the docket too.

Look for anyone ahead of the owner. In a mortgage foreclosure, junior lienholders such as a second mortgage, an HOA or judgment creditors are often paid from the surplus first. Tax-sale rules differ by state. Finally, find out the claim deadline: windows vary widely by state and sale type, and unclaimed funds can end up with the state or county.

## 2. Create the deal

Open **Deals** and click **New deal**:

- **Name** it so you can find it later: "123 Oak St – Smith – 2024-CA-001234".
- Enter the **property address**, county, state, case and parcel number, the sale type and date, and the **amounts**: winning bid, total debt, senior liens and your locator fee %. Locus computes the surplus and your expected fee.
- The claim deadline follows from the sale date when you keep a rule for the state (Settings › State rules); otherwise enter it yourself. Note the holding office in the notes.
- Leave it in **Research** until the surplus is confirmed.

## 3. Identify the rightful claimant

Usually this is the owner of record at the time of the sale, taken from the last recorded deed. Watch for:

- **co-owners** (spouses, siblings, business partners), who may each need to sign;
- **deceased owners**, whose heirs or estate must claim, often through probate;
- **owners in bankruptcy**, where the funds may belong to the bankruptcy estate.

Create each claimant as a **client** and link them to the deal.

## 4. Make contact (Contact)

Drag the card to **Contact** and start your outreach: a letter, then calls and e-mails (see *Working with claimants*). Log every attempt as an activity. Be honest from the first message. In many states owners can claim the funds themselves without paying anyone, and some states require you to say so.

## 5. Gather documents (Documents)

When the claimant agrees to work with you, move the card to **Documents** and collect what the claim needs: a government-issued ID, proof of ownership, proof of current address, and for heirs a death certificate and probate or heirship papers. Store them on the client record, not in e-mail threads.

## 6. Sign the agreement (Signed)

Create the recovery agreement from your template and send it for e-signature. You can follow it from **sent** to **viewed**, **signed** and **completed**. When it is completed, move the card to **Signed**.

Fee caps, waiting periods, notarization and required disclosures **vary by state and change over time**. Use a template reviewed by an attorney for that state, and confirm the current rules before you send.

## 7. File and follow up until Paid

Assemble and file the claim packet (see *Recovery agreements, assignments and the claim packet*), then record the filing date and any hearing date on the deal. Set a reminder to check with the office every two weeks. Processing commonly takes one to three months, and longer where a court hearing is required. When the funds are paid out and your fee is settled as the agreement says, move the card to **Paid**.

## Checklist

- Surplus confirmed with the holding office
- Liens, earlier claims and deadline checked
- Claimant identified and linked to the deal
- Contact attempts logged
- Documents collected
- Agreement signed and stored
- Claim filed and follow-up reminder set
`,
};

const findingLeads: Guide = {
  id: 'finding-surplus-funds-leads',
  title: 'Finding surplus funds leads: county records, sale results and skip tracing',
  category: 'Lead Generation',
  description:
    'Where surplus funds come from, which public records list them, how to qualify a lead before you spend time on it, and how to find former owners responsibly with skip tracing.',
  readTimeMinutes: 8,
  content: `# Finding surplus funds leads: county records, sale results and skip tracing

Good leads come from a steady routine: pull new sale results, check which sales left a surplus, qualify the ones worth working, and find the people entitled to the money.

## Where surplus funds come from

- **Judicial mortgage foreclosures**: the court orders a sale and the surplus is usually deposited in the court registry.
- **Non-judicial (trustee) foreclosures**: the trustee holds the surplus, or deposits it with the court or county, depending on the state.
- **Tax deed and tax foreclosure sales**: the county treasurer, tax collector or clerk holds the surplus. Since *Tyler v. Hennepin County* (2023), many states have changed how tax-sale surplus is handled, so check current law.
- **HOA and sheriff's sales** can also leave a surplus.

## Public sources to check

1. **Sale results.** Many counties publish foreclosure and tax deed auction results online, with the final bid. Compare the bid with the judgment or taxes owed.
2. **Surplus or excess proceeds lists.** Many clerks and treasurers publish a list of unclaimed surplus; others provide one on request.
3. **Public records requests.** Under your state's public records law, ask for funds held from foreclosure and tax sales, with the case number, owner name, amount and sale date.
4. **Court dockets.** Look for surplus notices, motions to disburse and orders on claims: they tell you whether someone has already claimed.
5. **State unclaimed property databases.** Surplus that was never claimed may have gone to the state. Recovering it is often covered by separate finder rules.

## Qualify before you spend time

Check each record before you skip trace:

- **Amount**: is it large enough to justify the work, after liens and your costs?
- **Age and deadline**: how long is left in the claim window?
- **Existing claims**: has the owner, a lienholder or another locator already filed?
- **Liens ahead of the owner**: junior mortgages, HOAs and judgment creditors can take much of a surplus.
- **Owner status**: living, deceased (heirs must claim) or in bankruptcy (the trustee may control the funds).

## Bringing leads into Locus

Create a **lead** for each owner worth working:

- **Name** and **location** as on the record.
- **Lead source** naming the list and month, e.g. "Orange County surplus list 2024-06", so you can see later which sources pay.
- **Notes** with the case number, holding office, amount and deadline.
- **Tags** for the county and the sale type (mortgage or tax).

When a claimant agrees to work with you, **convert the lead**: it becomes a client, and Locus can create the deal for the case at the same time.

## Skip tracing: finding the former owner

Former owners have usually moved, sometimes more than once.

- **Start from the record**: the tax-roll mailing address, addresses in court filings, and the deed.
- **Use a skip-tracing data provider** for current phone numbers, e-mail addresses and relatives, and confirm each result against a second source.
- **Check obituaries and probate records** when an owner may have died, to identify heirs and any personal representative.
- **Log every attempt** as an activity, so you know what was tried and when.

## Stay within the rules

- Data from skip-tracing providers is often covered by laws such as the GLBA and the DPPA, and the provider's terms limit what you may use it for. Use it only for permitted purposes.
- Calls and texts to mobile phones are regulated. The TCPA and Do Not Call rules restrict autodialed, prerecorded and marketing contact, so get advice before using dialers or bulk texting.
- Some states restrict contacting former owners for a period after the sale, or require locators to register. These rules vary by state and change, so check them against current law, with an attorney where needed.

## A weekly routine

- **Monday**: pull new sale results and surplus lists.
- **Tuesday**: qualify and add leads.
- **Wednesday**: skip trace.
- **Thursday and Friday**: first contact and follow-ups.

Review your lead sources monthly and drop the ones that never turn into signed agreements.
`,
};

const workingWithClaimants: Guide = {
  id: 'working-with-claimants',
  title: 'Working with claimants: contact, trust and follow-up',
  category: 'Client Management',
  description:
    'How to make first contact with former owners and heirs, earn their trust, answer the questions they always ask, follow up without pressure and keep every conversation on the client record.',
  readTimeMinutes: 6,
  content: `# Working with claimants: contact, trust and follow-up

The people you contact have usually just lost a property, and they hear from scammers regularly. Your first job is not to sell but to be **believable**. Everything in this guide serves that.

## First contact

**Lead with a letter.** A printed letter on letterhead reads as more serious than a cold call. Include:

- the claimant's name, the property address, the county and the case number;
- who holds the funds, so they can check for themselves by calling that office;
- your name, business, phone number, website and postal address;
- a plain statement that they may be able to claim the funds themselves. In many states this is good practice, and in some it is required.

Do not quote an exact amount unless you have confirmed it with the holding office.

**Then call.** A simple outline:

1. Introduce yourself and the letter you sent.
2. Confirm you are speaking to the right person (the former owner of the property) before discussing details.
3. Explain what surplus funds are in two sentences.
4. Explain what you do and what it costs, then stop and let them ask questions.
5. Agree on a next step: sending the agreement, a follow-up call, or nothing.

## The questions you will always get

- **"Is this a scam?"** Invite them to call the clerk or treasurer to confirm the funds exist. Never ask for money up front.
- **"Why do I need you?"** They may not. Explain the work you do: finding the record, handling liens and deadlines, preparing the claim packet, dealing with the court or county, and working with heirs.
- **"How much will I get?"** The surplus, less any valid liens, less your fee as the agreement states. Show the arithmetic.
- **"How long will it take?"** Commonly one to three months after filing, and longer when a court hearing or probate is involved. Do not promise a date.

## Keep everything on the client record

Each claimant is a **client** in Locus, linked to the case's deal:

- keep phone numbers, e-mail addresses and mailing addresses up to date;
- log every call, letter, text and e-mail as an **activity**, with the outcome;
- write **notes** after each conversation: what they asked, what they worry about, who else is involved;
- store IDs and signed documents on the record, not in e-mail.

A complete record means any teammate can answer when the claimant calls back.

## A follow-up cadence

A pattern that many locators use. Rules on when and how you may contact former owners vary by state (some bar contact for a period after the sale), so check current law for each state, with an attorney where needed, and adjust:

- **Day 0**: first letter.
- **Days 3–5**: first call; leave a short voicemail.
- **Day 7**: e-mail, if you have an address.
- **Day 14**: second letter.
- **Day 21**: second call.
- **Day 30**: final letter, then pause the lead.

Stop at once when someone asks you to, log the request, and never contact them again.

## Several claimants or heirs

When there are co-owners or heirs, each usually has to sign. Create a client for each and link them all to the deal. Family disagreements and estates without a personal representative often need a probate attorney, so recommend one early rather than late.

## Protecting claimant data

ID copies, dates of birth and Social Security numbers deserve care. Ask for them only when the claim needs them, collect them through Locus documents rather than e-mail, and limit who can see them with user permissions.

## When the answer is no

Log the reason, move the lead or deal to lost, and respect the decision. A polite exit sometimes becomes a call back months later.
`,
};

const claimPaperwork: Guide = {
  id: 'recovery-agreements-and-claim-packet',
  title: 'Recovery agreements, assignments and the claim packet',
  category: 'Legal Documents',
  description:
    'The difference between a recovery agreement and an assignment, what a sound agreement covers, the state rules to check before you send it, and what usually goes into a claim packet.',
  readTimeMinutes: 9,
  content: `# Recovery agreements, assignments and the claim packet

> **This guide is general information, not legal advice.** Fee caps, waiting periods, claim windows, disclosure wording and locator rules vary by state and change often. Check them against current law, and have every template reviewed by an attorney licensed in each state where you work.

## Two common models

- **Recovery (fee) agreement.** The claimant keeps the right to the funds and agrees to pay you a percentage of what is actually recovered. You find the funds and prepare the claim, working with an attorney where a court filing requires one. This is the most widely used model.
- **Assignment.** The claimant transfers their right to the surplus to you, usually for a price paid up front. Several states restrict or prohibit assignments of surplus, and courts look at them closely. Do not use one without an attorney's advice for that state.

In many courts, filing a claim on someone else's behalf counts as practising law. Where a petition or motion is needed, work with a licensed attorney.

## What a sound recovery agreement covers

- **Parties**: every claimant by full name, and your business.
- **The funds**: property address, county, case number and, if known, the amount held and the holding office.
- **The fee**: the percentage, what it applies to (the amount actually paid to the claimant, after liens), and that **no fee is owed if nothing is recovered**.
- **Costs**: who pays filing fees, attorney fees, probate costs and document fees.
- **How money flows**: whether the office pays the claimant directly, an attorney's trust account, or another arrangement your state allows.
- **Term and cancellation**: how long the agreement lasts and how either side can end it, including any cooling-off period.
- **Required disclosures**: for example, that the claimant may claim the funds without a locator, and the amount held. Some states set exact wording or type size.
- **Signatures**: with notarization or witnesses where required.

## State rules to check before you send anything

- A **cap on locator fees**, often a percentage of the amount recovered, or a flat amount.
- A **waiting period** after the sale during which agreements are void or contact is prohibited.
- **Registration, licensing or bonding** of locators.
- **Notarization**, witness and filing requirements for the agreement.
- Whether **assignments** are allowed.
- The **claim window** and where unclaimed funds go after it.
- Recent changes to **tax-sale surplus** law. Many states revised theirs after *Tyler v. Hennepin County* (2023).

Keep a note of what you checked and when for each state. A short page per state, reviewed every quarter, saves you from using an out-of-date template.

## Templates in Locus

Build one **document template per state and agreement type**:

- use merge fields for the claimant's name, property address, case number, surplus amount and fee percentage;
- put the state and the date of the attorney's review in the template name, e.g. "FL recovery agreement, reviewed 2024-05";
- keep signature, initial and date fields in the template, so every copy is ready to send.

## The claim packet

Requirements differ by office, so ask the holding office for its checklist. A typical packet includes:

1. The **claim form**, or the petition or motion when a court must order disbursement.
2. A copy of the claimant's **government-issued photo ID**.
3. **Proof of ownership**: the recorded deed or title.
4. **Proof of identity and current address**, such as a utility bill.
5. A **notarized affidavit** of the claimant, where required.
6. For heirs: the **death certificate**, the will or letters of administration, an affidavit of heirship, and the consent of other heirs.
7. **Lien information**: payoff or satisfaction letters for liens that would otherwise reduce the claim.
8. The **signed recovery agreement** or a power of attorney, where the office asks for it.
9. A **tax form** (such as a W-9), if the office issues payments that require one.
10. A **cover letter** listing the contents and your contact details.

## Sending for signature

Create the agreement from its template on the client's record, check every merged value, and send it. Follow its status from **sent** to **viewed**, **signed** and **completed**. The completed copy and its audit trail stay with the client. Where notarization is required, check whether your state permits remote online notarization.

## After filing

Record the filing date, any hearing date and the name of the person at the office on the deal. Set a reminder to check every two weeks, and keep copies of everything you filed on the client record.
`,
};

export const surplusFundsGuides: readonly Guide[] = [
  emailSetup,
  firstCase,
  findingLeads,
  workingWithClaimants,
  claimPaperwork,
];
